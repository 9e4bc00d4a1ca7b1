import { atom } from 'nanostores';
import { shared } from './registry.ts';

/**
 * Toasts last 4 s, errors 2 s, counted while the customer is not pointing at them or in them (their Dismiss
 * buttons): meanwhile they stay, then each has the time it had left (WCAG 2.2.1). Shown at the bottom centre.
 */
export const TOAST_DURATION_MS = 4000;
export const ERROR_TOAST_DURATION_MS = 2000;

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
  durationMs: number;
}

export const $toasts = shared('toasts', () => atom<Toast[]>([]));
const counter = shared('toasts.counter', () => ({ next: 1 }));

/** Each shown toast's timer: running (until `endsAt`) or held with `remaining` ms to go. */
const timers = shared('toasts.timers', () => ({ held: false, of: new Map<number, { handle?: ReturnType<typeof setTimeout>; endsAt: number; remaining: number }>() }));

function run(id: number, ms: number): void {
  timers.of.set(id, { handle: setTimeout(() => dismissToast(id), ms), endsAt: Date.now() + ms, remaining: ms });
}

export function dismissToast(id: number): void {
  clearTimeout(timers.of.get(id)?.handle);
  timers.of.delete(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** While `held`, no toast goes by itself; released, each goes when the time it had left has passed. */
export function holdToasts(held: boolean): void {
  if (held === timers.held) return;
  timers.held = held;
  for (const [id, timer] of timers.of) {
    if (!held) {
      run(id, timer.remaining);
      continue;
    }
    clearTimeout(timer.handle);
    timer.handle = undefined;
    timer.remaining = Math.max(0, timer.endsAt - Date.now());
  }
}

export function showToast(text: string, options: { kind?: ToastKind; durationMs?: number } = {}): Toast {
  const kind = options.kind ?? 'info';
  const toast: Toast = {
    id: counter.next++,
    text,
    kind,
    durationMs: options.durationMs ?? (kind === 'error' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS),
  };
  $toasts.set([...$toasts.get(), toast]);
  if (timers.held) timers.of.set(toast.id, { endsAt: 0, remaining: toast.durationMs });
  else run(toast.id, toast.durationMs);
  return toast;
}

export function showError(text: string, durationMs = ERROR_TOAST_DURATION_MS): Toast {
  return showToast(text, { kind: 'error', durationMs });
}
