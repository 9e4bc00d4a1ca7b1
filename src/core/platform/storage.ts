import { atom, type WritableAtom } from 'nanostores';
import { shared } from './registry.ts';

/**
 * A nanostores atom kept in localStorage under a fixed key (docs/behaviour.md#browser-storage), synced
 * across tabs by the `storage` event. A value that does not parse or fails its
 * check resets to the initial value and reports it through `onCorrupt`.
 */
export interface PersistentOptions<T> {
  /** Checks a parsed value; false means the stored value is corrupt. */
  isValid?: (value: unknown) => value is T;
  /** Stored as a raw string rather than JSON (for keys kept as plain text: token, localelang). */
  raw?: boolean;
}

type CorruptListener = (key: string) => void;
const corrupt = shared('storage.corrupt', () => ({ listeners: new Set<CorruptListener>(), unreported: [] as string[] }));

/** Called with the key whenever a corrupt stored value is reset, including those reset before it listened. */
export function onCorruptStorage(listener: CorruptListener): () => void {
  corrupt.listeners.add(listener);
  for (const key of corrupt.unreported.splice(0)) listener(key);
  return () => corrupt.listeners.delete(listener);
}

function reportCorrupt(key: string): void {
  if (corrupt.listeners.size === 0) corrupt.unreported.push(key);
  for (const listener of corrupt.listeners) listener(key);
}

/** The page's local (or session) storage, or undefined where the browser blocks it. */
export function safeStorage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | undefined {
  try {
    return globalThis[kind];
  } catch {
    return undefined; // storage blocked (privacy mode, sandboxed frame)
  }
}

function decode<T>(text: string | null, initial: T, options: PersistentOptions<T>, key: string): T {
  if (text === null) return initial;
  let value: unknown = text;
  if (!options.raw) {
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
  }
  if (value === undefined || (options.isValid && !options.isValid(value))) {
    safeStorage()?.removeItem(key);
    reportCorrupt(key);
    return initial;
  }
  return value as T;
}

export function persistentAtom<T>(key: string, initial: T, options: PersistentOptions<T> = {}): WritableAtom<T> {
  return shared(`persistent:${key}`, () => {
    const storage = safeStorage();
    const store = atom<T>(decode(storage?.getItem(key) ?? null, initial, options, key));
    let writing = false;
    store.listen((value) => {
      if (writing || !storage) return;
      try {
        if (value === initial || value === undefined || value === null) storage.removeItem(key);
        else storage.setItem(key, options.raw ? String(value) : JSON.stringify(value));
      } catch {
        // quota exceeded: the in-memory value still holds for this page
      }
    });
    globalThis.addEventListener?.('storage', (event: StorageEvent) => {
      if (event.storageArea !== storage || (event.key !== key && event.key !== null)) return;
      writing = true; // the other tab already wrote it; only mirror it here
      store.set(decode(event.key === null ? null : event.newValue, initial, options, key));
      writing = false;
    });
    return store;
  });
}
