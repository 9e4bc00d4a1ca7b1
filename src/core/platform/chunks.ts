/**
 * Loading the code of a screen or an element on demand (a chunk of the ESM build). A chunk that fails to
 * load, or has not loaded after CHUNK_TIMEOUT_MS, usually means the page is older than the files on the
 * server (a new release replaced the hashed chunks) or the network dropped: the page reloads once to pick
 * up the current files. If the same chunk fails again after that reload, the page does not reload again
 * (no loop); the failure is reported to the caller, which leaves the element's fallback content in place.
 */

/** How long a chunk may take before it counts as failed (the spec's 120 seconds). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** sessionStorage key marking that the page reloaded because `name` failed; cleared when it loads. */
export const reloadMarkKey = (name: string) => `sf-chunk-reloaded:${name}`;

export interface ChunkEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

function browserEnvironment(): ChunkEnvironment {
  let storage: Storage | null = null;
  try {
    storage = sessionStorage;
  } catch {
    storage = null; // storage blocked: no reload, so no risk of a loop
  }
  return { storage, reload: () => location.reload(), setTimer: (run, ms) => setTimeout(run, ms), clearTimer: (timer) => clearTimeout(timer as number) };
}

export class ChunkLoadError extends Error {
  constructor(name: string, readonly reloading: boolean, options?: ErrorOptions) {
    super(`could not load ${name}${reloading ? '; reloading the page once' : ''}`, options);
    this.name = 'ChunkLoadError';
  }
}

/** Loads a chunk with the timeout; on failure reloads the page once per chunk (see above) and rejects. */
export function loadChunk<T>(name: string, load: () => Promise<T>, environment: ChunkEnvironment = browserEnvironment()): Promise<T> {
  const { storage } = environment;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const fail = (cause: unknown) => {
      if (settled) return;
      settled = true;
      environment.clearTimer(timer);
      let reloading = false;
      try {
        if (storage && storage.getItem(reloadMarkKey(name)) === null) {
          storage.setItem(reloadMarkKey(name), String(Date.now()));
          reloading = true;
        }
      } catch {
        reloading = false;
      }
      reject(new ChunkLoadError(name, reloading, { cause }));
      if (reloading) environment.reload();
    };
    const timer = environment.setTimer(() => fail(new Error(`timed out after ${CHUNK_TIMEOUT_MS / 1000} s`)), CHUNK_TIMEOUT_MS);
    load().then(
      (value) => {
        if (settled) return;
        settled = true;
        environment.clearTimer(timer);
        try {
          storage?.removeItem(reloadMarkKey(name));
        } catch {
          // nothing to clear
        }
        resolve(value);
      },
      fail,
    );
  });
}
