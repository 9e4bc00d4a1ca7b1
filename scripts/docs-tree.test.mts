// The folder maps of the docs match the tree: every folder of src/core, src/features, server and
// server/modules is named (in backticks) where the docs list them, and every name listed there is a
// folder or file, so neither a new folder nor a renamed one leaves the docs behind.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');

/** The folders directly under `dir` that git tracks files in. */
function trackedFolders(dir: string): string[] {
  const files = execFileSync('git', ['ls-files', dir], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  return [...new Set(files.map((file) => file.slice(dir.length + 1)).filter((rest) => rest.includes('/')).map((rest) => rest.split('/')[0]!))].sort();
}

/** The names in backticks in `text`, trailing slashes dropped. */
const named = (text: string) => new Set([...text.matchAll(/`([a-z][a-z0-9.-]*)\/?`/g)].map((match) => match[1]!));

/** What development.md's folder table says of `folder` (its row without the first cell). */
function folderRow(folder: string): string {
  const head = `| \`${folder}\` |`;
  const row = read('docs/development.md').split('\n').find((line) => line.startsWith(head));
  if (!row) throw new Error(`docs/development.md has no row for ${folder}`);
  return row.slice(head.length);
}

describe('the docs name every folder of the tree', () => {
  const cases = [
    { dir: 'src/core', where: 'docs/development.md, the src/core/ row', text: () => folderRow('src/core/') },
    { dir: 'src/core', where: "docs/architecture.md, The storefront's core", text: () => read('docs/architecture.md').split("## The storefront's core")[1]!.split('\n\n')[1]! },
    { dir: 'src/features', where: 'docs/development.md, the src/features/ row', text: () => folderRow('src/features/') },
    { dir: 'server', where: 'docs/development.md, the server/ row', text: () => folderRow('server/') },
    { dir: 'server/modules', where: 'docs/development.md, the server/modules/ row', text: () => folderRow('server/modules/') },
    { dir: 'server/modules', where: "docs/architecture.md, The server's modules", text: () => read('docs/architecture.md').split("## The server's modules")[1]!.split('\n\n')[1]! },
  ];
  for (const { dir, where, text } of cases) {
    it(`${where}: each folder of ${dir}, and no name that is not one`, () => {
      const folders = trackedFolders(dir);
      const names = named(text());
      expect(folders.filter((folder) => !names.has(folder)), `folders of ${dir} that ${where} leaves out`).toEqual([]);
      const files = new Set(execFileSync('git', ['ls-files', dir], { cwd: root, encoding: 'utf8' }).split('\n').map((file) => file.slice(dir.length + 1).split('/')[0]));
      expect([...names].filter((name) => !files.has(name)), `names in ${where} that are not in ${dir}`).toEqual([]);
    });
  }
});
