// @vitest-environment happy-dom
import { act, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../core/i18n/i18n.ts';
import { reloadMarkKey } from '../core/platform/chunks.ts';
import { $toasts } from '../core/platform/toast.ts';
import { lazyPart } from './LazyPart.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => activateLocale('en'));
afterEach(() => {
  sessionStorage.clear();
  $toasts.set([]);
});

describe('lazyPart', () => {
  it('shows its placeholder, then the part once its code has come', async () => {
    let arrive!: (component: ComponentType) => void;
    const Bar = lazyPart('test-bar', () => new Promise<ComponentType>((resolve) => (arrive = resolve)), <p>placeholder</p>);
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () => root.render(<Bar wanted />));
    expect(host.textContent).toBe('placeholder');
    await act(async () => arrive(() => <p>bar</p>));
    expect(host.textContent).toBe('bar');
    await act(async () => root.unmount());
  });

  it('leaves the rest of the element in place and says so when its code cannot be fetched (after the one reload)', async () => {
    // The page already reloaded once for this chunk, so loadChunk reports the failure instead of reloading.
    sessionStorage.setItem(reloadMarkKey('test-broken'), '1');
    const Broken = lazyPart('test-broken', () => Promise.reject(new Error('offline')), <p>placeholder</p>);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = document.createElement('div');
    const root = createRoot(host);
    try {
      await act(async () => root.render(<div><Broken wanted /><p>the store list</p></div>));
      expect(host.textContent).toBe('the store list');
      expect($toasts.get().map((toast) => toast.text)).toEqual(['Something went wrong, Please try again.']);
    } finally {
      await act(async () => root.unmount());
      quiet.mockRestore();
    }
  });
});
