import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $toasts, dismissToast } from '../core/platform/toast.ts';

const KIND_CLASSES = {
  info: 'bg-gray-900 text-white',
  success: 'bg-green-700 text-white',
  error: 'bg-red-700 text-white',
} as const;

/** The page's toasts, top right (top left in right-to-left), newest last. */
export function Toaster({ dismissLabel }: { dismissLabel: string }) {
  const toasts = useStore($toasts);
  const stack = useRef<HTMLDivElement>(null);

  // A manual popover lives in the top layer; shown again with each new toast, it sits above any open
  // modal dialog. It stays open while empty so the live region is always in the accessibility tree.
  const shown = useRef(0);
  useEffect(() => {
    const element = stack.current;
    if (!element || typeof element.showPopover !== 'function') return;
    const newest = toasts[toasts.length - 1]?.id ?? 0;
    if (element.matches(':popover-open') && newest <= shown.current) return;
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
    shown.current = newest;
  }, [toasts]);

  return (
    <div
      ref={stack}
      popover="manual"
      part="toasts"
      className="fixed inset-auto top-4 end-4 z-[2147483000] m-0 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2 overflow-visible border-0 bg-transparent p-0"
      role="status"
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <div key={toast.id} part={`toast toast-${toast.kind}`} className={`flex items-start gap-3 rounded-sf px-4 py-3 shadow-lg ${KIND_CLASSES[toast.kind]}`}>
          <span className="flex-1">{toast.text}</span>
          <button type="button" className="opacity-80 hover:opacity-100" aria-label={dismissLabel} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
