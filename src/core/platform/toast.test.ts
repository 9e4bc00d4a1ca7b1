import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, holdToasts, showError, showToast } from './toast.ts';

describe('toasts', () => {
  afterEach(() => {
    holdToasts(false);
    for (const toast of $toasts.get()) dismissToast(toast.id);
    vi.useRealTimers();
  });

  it('go by themselves after 4 s, errors after 2 s', () => {
    vi.useFakeTimers();
    showToast('Added');
    showError('Server error');
    vi.advanceTimersByTime(1999);
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Added', 'Server error']);
    vi.advanceTimersByTime(1);
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Added']);
    vi.advanceTimersByTime(2000);
    expect($toasts.get()).toEqual([]);
  });

  it('stay while held (pointed at or focused), then each has the time it had left; one shown meanwhile waits too', () => {
    vi.useFakeTimers();
    showError('Payment failed');
    vi.advanceTimersByTime(1500);
    holdToasts(true);
    showToast('Copied');
    vi.advanceTimersByTime(60_000);
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Payment failed', 'Copied']);
    holdToasts(false);
    vi.advanceTimersByTime(499);
    expect($toasts.get()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Copied']);
    vi.advanceTimersByTime(4000);
    expect($toasts.get()).toEqual([]);
  });
});
