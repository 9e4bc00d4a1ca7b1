// Every text must be in every catalog: extracts messages from the source
// (adding new ones to the catalogs) and fails while any of ar, de, es, fr lacks
// a translation. Run `npm run i18n:extract`, translate, and run again.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
execFileSync('npx', ['lingui', 'extract'], { cwd: root, stdio: 'ignore' });

/** msgid → msgstr of a PO file (single-line and multi-line strings). */
function parsePo(text) {
  const entries = new Map();
  const unquote = (line) => JSON.parse(line.trim().replace(/^(msgid|msgstr)\s+/, ''));
  let key = null;
  let field = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (key !== null && id !== '') entries.set(id, str);
    key = null;
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      key = 'entry';
      field = 'id';
      id = unquote(line);
    } else if (line.startsWith('msgstr ')) {
      field = 'str';
      str = unquote(line);
    } else if (line.startsWith('"') && key !== null) {
      if (field === 'id') id += JSON.parse(line);
      else str += JSON.parse(line);
    } else if (line.trim() === '') flush();
  }
  flush();
  return entries;
}

const source = parsePo(readFileSync(join(root, 'src/locales/en/messages.po'), 'utf8'));
let missing = 0;
for (const locale of ['ar', 'de', 'es', 'fr']) {
  const catalog = parsePo(readFileSync(join(root, `src/locales/${locale}/messages.po`), 'utf8'));
  const untranslated = [...source.keys()].filter((id) => !catalog.get(id));
  missing += untranslated.length;
  if (untranslated.length > 0) {
    console.error(`${locale}: ${untranslated.length} untranslated`);
    for (const id of untranslated.slice(0, 20)) console.error(`  - ${id}`);
  }
}
if (missing > 0) {
  console.error('\nTranslate these in src/locales/<locale>/messages.po (npm run i18n:extract adds new texts).');
  process.exit(1);
}
console.log(`i18n: ${source.size} messages, translated in ar, de, es, fr`);
