import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteRoot } from '../../../test/site-root.ts';
import { FILE_CHECK_MS, watchedFile } from './watched-file.ts';

describe('a file the server reads again when the build rewrites it', () => {
  it('is loaded once, looked at again at most once a second, and loaded again when it changed', () => {
    const path = join(siteRoot({ 'dist/list.json': '[1]' }), 'dist/list.json');
    let now = 0;
    let loads = 0;
    const list = watchedFile(path, (file) => {
      loads += 1;
      return JSON.parse(readFileSync(file, 'utf8')) as number[];
    }, () => now);
    expect(list()).toEqual([1]);
    writeFileSync(path, '[2]');
    utimesSync(path, new Date(), new Date(Date.now() + 5_000));
    // Within the second: the file is not looked at.
    now += FILE_CHECK_MS - 1;
    expect(list()).toEqual([1]);
    now += 1;
    expect(list()).toEqual([2]);
    now += FILE_CHECK_MS;
    expect(list()).toEqual([2]);
    expect(loads).toBe(2);
    rmSync(path);
    now += FILE_CHECK_MS;
    expect(list()).toBeUndefined();
  });

  it('is undefined while loading it fails', () => {
    const path = join(siteRoot({ 'dist/list.json': 'not json' }), 'dist/list.json');
    expect(watchedFile(path, (file) => JSON.parse(readFileSync(file, 'utf8')) as unknown)()).toBeUndefined();
  });
});

