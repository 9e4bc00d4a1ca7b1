// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { onCorruptStorage, persistentAtom } from './storage.ts';

describe('persistentAtom', () => {
  it('restores a saved value and writes changes under its key', () => {
    localStorage.setItem('test-restore', JSON.stringify({ a: 1 }));
    const store = persistentAtom<{ a: number } | null>('test-restore', null);
    expect(store.get()).toEqual({ a: 1 });
    store.set({ a: 2 });
    expect(localStorage.getItem('test-restore')).toBe('{"a":2}');
    store.set(null);
    expect(localStorage.getItem('test-restore')).toBeNull();
  });

  it('resets a corrupt value and reports it, also to a listener that comes later', () => {
    localStorage.setItem('test-corrupt', '{not json');
    const store = persistentAtom<number[]>('test-corrupt', [], { isValid: (v): v is number[] => Array.isArray(v) });
    expect(store.get()).toEqual([]);
    expect(localStorage.getItem('test-corrupt')).toBeNull();
    const reported: string[] = [];
    onCorruptStorage((key) => reported.push(key));
    expect(reported).toContain('test-corrupt');
  });

  it('rejects a value of the wrong shape', () => {
    localStorage.setItem('test-shape', JSON.stringify('a string'));
    const store = persistentAtom<number[]>('test-shape', [], { isValid: (v): v is number[] => Array.isArray(v) });
    expect(store.get()).toEqual([]);
  });

  it('keeps raw text values as they are', () => {
    localStorage.setItem('test-raw', 'ar');
    expect(persistentAtom('test-raw', '', { raw: true }).get()).toBe('ar');
  });

  it('is one atom per key for every copy that asks (shared registry)', () => {
    expect(persistentAtom('test-same', 0)).toBe(persistentAtom('test-same', 0));
  });
});
