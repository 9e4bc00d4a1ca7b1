// Finding 10: `npm ci` installs the committed lock file on every platform, and every
// package in it runs on the Node versions package.json promises.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  optionalDependencies?: Record<string, string>;
  optional?: boolean;
}
const read = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as T;
const lock = read<{ packages: Record<string, LockEntry> }>('package-lock.json');
const pkg = read<{ engines: { node: string } }>('package.json');

/** Where Node would find `name` from the package at `from` (its own node_modules, then each parent's). */
function resolveFrom(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent >= 0 ? base.slice(0, parent) : '';
  }
}

describe('package-lock.json', () => {
  it("holds every platform's optional native package (npm ci refuses a lock without them)", () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolveFrom(path, name))
        .map((name) => `${path} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no package that needs a newer Node than package.json promises', () => {
    // The lowest version of each range package.json admits (20.19.0 and 22.13.0).
    const floors = pkg.engines.node.split('||').map((range) => semver.minVersion(range.trim())?.version ?? range);
    expect(floors).toContain('20.19.0');
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const wanted = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      // An optional package (a native binary for some platform) that refuses a Node version is
      // simply not installed there, and its parent falls back without it.
      if (!path || !wanted || entry.optional) return [];
      const refused = floors.filter((floor) => !semver.satisfies(floor, wanted));
      return refused.length ? [`${path}@${entry.version} needs node ${wanted}, refuses ${refused.join(', ')}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
