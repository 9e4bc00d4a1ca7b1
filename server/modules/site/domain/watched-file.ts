import { statSync } from 'node:fs';

/** How often a watched file's change time is looked at again: a build rewrites these files, yet no page should wait on a stat. */
export const FILE_CHECK_MS = 1_000;

/**
 * What `load` makes of the file at `path` (its text parsed, a module imported), made again when the file
 * changes; its change time looked at once a FILE_CHECK_MS at most. Undefined while there is no such file
 * or `load` fails on it.
 */
export function watchedFile<T>(path: string, load: (path: string, mtimeMs: number) => T, now: () => number = Date.now): () => T | undefined {
  let kept: { mtimeMs: number; value: T | undefined } | undefined;
  let checkedAt = -Infinity;
  return () => {
    const time = now();
    if (time - checkedAt < FILE_CHECK_MS) return kept?.value;
    checkedAt = time;
    try {
      const { mtimeMs } = statSync(path);
      if (kept?.mtimeMs !== mtimeMs) kept = { mtimeMs, value: load(path, mtimeMs) };
    } catch {
      kept = undefined;
    }
    return kept?.value;
  };
}
