import { atom, onStart, onStop, type WritableAtom } from 'nanostores';
import { shared } from './registry.ts';

/**
 * Runs `start` while anyone watches, through nanostores' listener lifecycle: the first watcher
 * starts it, the last one to leave stops it at once, and watchers in between share the one run.
 * Returns `watch`, which adds a watcher and answers its stop (calling the stop twice is harmless).
 *
 * A store of its own, never read with get(), carries the watchers: reading a nanostores store
 * without listeners subscribes for a moment, which would start (and stop) the work.
 */
export function whileWatched(start: () => () => void): () => () => void {
  const $watchers = atom(0);
  let stop: (() => void) | null = null;
  onStart($watchers, () => {
    stop = start();
  });
  onStop($watchers, () => {
    stop?.();
    stop = null;
  });
  return () => $watchers.listen(() => undefined);
}

/** Live state of one thing (an order) that is followed while anyone watches it. */
export interface Followed<State, Options> {
  store: WritableAtom<State>;
  /** The options of the watcher that started the following. */
  options: Options;
  /** Adds a watcher (its options count when it starts the following); answers its stop. */
  watch(options: Options): () => void;
  /** Starts again from the initial state now (a Retry), if anyone watches. */
  restart(): void;
}

/**
 * One follower per key for the page (shared under `registryKey`): `start(key, entry)` runs while the
 * key has watchers and answers its stop. Several views of one key share its store and its run.
 */
export function followersByKey<Key, State, Options>(
  registryKey: string, initial: () => State, start: (key: Key, entry: Followed<State, Options>) => () => void,
): (key: Key, defaults: Options) => Followed<State, Options> {
  const entries = shared(registryKey, () => new Map<Key, Followed<State, Options>>());
  return (key, defaults) => {
    const found = entries.get(key);
    if (found) return found;
    let stop: (() => void) | null = null;
    const entry: Followed<State, Options> = {
      store: atom<State>(initial()),
      options: defaults,
      watch: (options) => {
        if (!stop) entry.options = options;
        return watch();
      },
      restart() {
        if (!stop) return;
        stop();
        entry.store.set(initial());
        stop = start(key, entry);
      },
    };
    const watch = whileWatched(() => {
      stop = start(key, entry);
      return () => {
        stop?.();
        stop = null;
      };
    });
    entries.set(key, entry);
    return entry;
  };
}
