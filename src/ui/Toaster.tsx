import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../core/toast.ts';

const KIND_CLASSES = {
  info: 'bg-gray-900 text-white',
  success: 'bg-green-700 text-white',
  error: 'bg-red-700 text-white',
} as const;

/** The page's toasts, top right (top left in right-to-left), newest last. */
export function Toaster({ dismissLabel }: { dismissLabel: string }) {
  const toasts = useStore($toasts);
  return (
    <div part="toasts" className="fixed top-4 end-4 z-[2147483000] flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2" role="status" aria-live="polite">
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
