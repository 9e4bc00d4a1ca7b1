import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $toasts, dismissToast, holdToasts } from '../core/platform/toast.ts';

const KIND_CLASSES = {
  info: 'bg-gray-900 text-white',
  success: 'bg-green-700 text-white',
  error: 'bg-red-700 text-white',
} as const;

/**
 * The page's toasts, at the bottom centre of the window, newest last: away from the header, where a
 * page's cart button and menu sit, and beside (not over) a drawer open at either side on a desktop.
 */
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
  // A toast gone with the focus in it (its Dismiss pressed) fires no blur everywhere: the hold is looked at again.
  useEffect(() => {
    const element = stack.current;
    holdToasts(Boolean(element && (element.matches(':hover') || element.matches(':focus-within'))));
  }, [toasts]);
  useEffect(() => () => holdToasts(false), []);

  return (
    <div
      ref={stack}
      popover="manual"
      part="toasts"
      className="fixed top-auto bottom-4 left-0 right-0 z-[2147483000] mx-auto my-0 flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2 overflow-visible border-0 bg-transparent p-0"
      role="status"
      aria-live="polite"
      // Pointed at or in (a Dismiss button), the toasts stay until the customer moves on (capture: focus does not bubble).
      onPointerEnter={() => holdToasts(true)}
      onPointerLeave={() => holdToasts(stack.current?.matches(':focus-within') ?? false)}
      onFocusCapture={() => holdToasts(true)}
      onBlurCapture={(event) => holdToasts(Boolean(stack.current?.contains(event.relatedTarget as Node | null) || stack.current?.matches(':hover')))}
    >
      {toasts.map((toast) => (
        <div key={toast.id} part={`toast toast-${toast.kind}`} className={`flex items-start gap-3 rounded-sf px-4 py-3 shadow-lg ${KIND_CLASSES[toast.kind]}`}>
          <span className="flex-1 self-center">{toast.text}</span>
          <button
            type="button"
            part="toast-dismiss"
            className="-my-1 -me-2 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-sf text-lg leading-none hover:bg-white/20"
            aria-label={dismissLabel}
            onClick={() => dismissToast(toast.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
