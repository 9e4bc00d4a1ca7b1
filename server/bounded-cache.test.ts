import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('keeps at most its number of entries, the least recently used leaving first', () => {
    const cache = new BoundedCache<string, number>(3);
    for (const [key, value] of [['a', 1], ['b', 2], ['c', 3]] as const) cache.set(key, value);
    expect(cache.get('a')).toBe(1); // now the most recently used
    cache.set('d', 4);
    expect([cache.has('a'), cache.has('b'), cache.has('c'), cache.has('d')]).toEqual([true, false, true, true]);
    for (let i = 0; i < 10_000; i++) cache.set(`key ${i}`, i);
    expect(cache.size).toBe(3);
    expect(cache.get('key 9999')).toBe(9999);
  });

  it('forgets an entry past its time, and a value set again starts its time again', () => {
    let now = 0;
    const cache = new BoundedCache<string, string>(10, 1_000, () => now);
    cache.set('host', 'vendor');
    now = 999;
    expect(cache.get('host')).toBe('vendor');
    now = 1_000;
    expect(cache.get('host')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('host', 'again');
    now = 1_999;
    expect(cache.get('host')).toBe('again');
  });

  it('bounds what its values weigh together, the least recently used leaving first, and never keeps one heavier than that', () => {
    const cache = new BoundedCache<string, string>(100, Number.POSITIVE_INFINITY, Date.now, { max: 10, of: (value) => value.length });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa'); // now the most recently used
    cache.set('c', 'ccc');
    expect([cache.has('a'), cache.has('b'), cache.has('c'), cache.totalWeight]).toEqual([true, false, true, 7]);
    cache.set('a', 'a'); // set again: weighed again
    expect(cache.totalWeight).toBe(4);
    cache.set('huge', 'x'.repeat(11));
    expect([cache.has('huge'), cache.size, cache.totalWeight]).toEqual([false, 2, 4]);
    cache.delete('c');
    cache.clear();
    expect([cache.size, cache.totalWeight]).toEqual([0, 0]);
  });

  it('refuses a bound that is no whole number of 1 or more', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => new BoundedCache(bad)).toThrow(/whole number/);
  });
});
