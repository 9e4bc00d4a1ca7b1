import { atom } from 'nanostores';
import { shared } from './registry.ts';

/** Toasts last 4 s, errors 2 s; shown at the top end (top right; top left in right-to-left). */
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

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
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
  setTimeout(() => dismissToast(toast.id), toast.durationMs);
  return toast;
}

export function showError(text: string, durationMs = ERROR_TOAST_DURATION_MS): Toast {
  return showToast(text, { kind: 'error', durationMs });
}
