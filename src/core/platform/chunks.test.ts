import { describe, expect, it } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk, reloadMarkKey, type ChunkEnvironment } from './chunks.ts';

function fakeEnvironment() {
  const stored = new Map<string, string>();
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  let reloads = 0;
  const environment: ChunkEnvironment = {
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    },
    reload: () => void reloads++,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => void ((timer as { cleared: boolean }).cleared = true),
  };
  return { environment, stored, timers, reloads: () => reloads };
}

describe('loadChunk', () => {
  it('resolves a chunk that loads, clears its timer and any reload mark', async () => {
    const fake = fakeEnvironment();
    fake.stored.set(reloadMarkKey('sf-menu'), '1');
    await expect(loadChunk('sf-menu', async () => 'code', fake.environment)).resolves.toBe('code');
    expect(fake.timers[0]?.ms).toBe(CHUNK_TIMEOUT_MS);
    expect(fake.timers[0]?.cleared).toBe(true);
    expect(fake.stored.has(reloadMarkKey('sf-menu'))).toBe(false);
    expect(fake.reloads()).toBe(0);
  });

  it('reloads the page once when a chunk fails, and not again when the same chunk fails after that reload', async () => {
    const fake = fakeEnvironment();
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const first = await loadChunk('sf-menu', failing, fake.environment).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ChunkLoadError);
    expect((first as ChunkLoadError).reloading).toBe(true);
    expect(fake.reloads()).toBe(1);
    // The page after the reload: the mark survives in sessionStorage.
    const second = await loadChunk('sf-menu', failing, fake.environment).catch((error: unknown) => error);
    expect((second as ChunkLoadError).reloading).toBe(false);
    expect(fake.reloads()).toBe(1);
    // Another chunk failing still gets its one reload.
    await loadChunk('catalog-ar', failing, fake.environment).catch(() => undefined);
    expect(fake.reloads()).toBe(2);
  });

  it('counts a chunk that has not loaded after 120 s as failed', async () => {
    const fake = fakeEnvironment();
    const pending = loadChunk('sf-checkout', () => new Promise<never>(() => undefined), fake.environment);
    fake.timers[0]!.run();
    await expect(pending).rejects.toThrow(/could not load sf-checkout; reloading the page once/);
    expect(fake.reloads()).toBe(1);
  });

  it('does not reload where session storage is blocked (no way to stop a loop)', async () => {
    const fake = fakeEnvironment();
    const error = await loadChunk('sf-menu', () => Promise.reject(new Error('offline')), { ...fake.environment, storage: null }).catch((e: unknown) => e);
    expect((error as ChunkLoadError).reloading).toBe(false);
    expect(fake.reloads()).toBe(0);
  });
});
