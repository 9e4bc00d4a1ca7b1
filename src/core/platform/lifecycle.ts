import { atom, onStart, onStop } from 'nanostores';

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
