// A throwaway site root for buildApp's rootDir (demo/ and dist/ as the server serves them).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A fresh folder holding `files` (path under it, e.g. 'demo/app.html', to its text); none makes an empty root. */
export function siteRoot(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'sf-site-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
