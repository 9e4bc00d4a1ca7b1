#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure.
//
//   npm test                          all steps
//   npm test -- --only unit,e2e       just these steps (in the usual order)
//   npm test -- --skip typecheck      all but these
//   npm test -- --list                show the steps
//   DATABASE_URL=postgres://… npm test   server tests and the test servers use
//                                       that PostgreSQL (fresh schemas) instead of PGlite
//   npm test -- --database            only what depends on the database (CI's second pass, on
//                                       PostgreSQL): the server tests, the production server of
//                                       test:package and the end-to-end journeys tagged @database
//
// The last line is `N passed, N failed` (counting steps; CI reads it). Steps
// after a failure are not run and not counted. Exit code 0 only if all passed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumHowTo } from './find-browser.mjs';
import { ensureChromium } from './install-browser.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `database`: the step's result depends on the database, and `--database` runs it (with these
 * extra arguments and environment, when given); the other steps give the same answer on either.
 * @type {{ id: string, title: string, cmd: string[], browser?: boolean, database?: { args?: string[], env?: Record<string, string>, note: string } }[]}
 */
const STEPS = [
  { id: 'typecheck', title: 'Type check (tsc -b: contract, storefront, element tests, server, tools)', cmd: ['tsc', '-b'] },
  { id: 'lint', title: 'Lint (layers, import cycles, typescript-eslint recommended)', cmd: ['npm', 'run', 'lint'] },
  { id: 'i18n', title: 'Translations complete (en, ar, de, es, fr)', cmd: ['npm', 'run', 'i18n:check'] },
  { id: 'unit', title: 'Unit tests of the storefront, the contract and the tools (vitest)', cmd: ['vitest', 'run', '--project', 'src', '--project', 'contract', '--project', 'tools'] },
  { id: 'server', title: 'Server tests (vitest: domain, routes, jobs and hostile input on a real database)', cmd: ['vitest', 'run', '--project', 'server'], database: { note: 'all of them' } },
  { id: 'build', title: 'Build, and the page weights within their budgets (scripts/page-weights.mjs)', cmd: ['npm', 'run', 'build'] },
  { id: 'types', title: 'Package types and manifest (HTMLElementTagNameMap, JSX, custom-elements.json)', cmd: ['npm', 'run', 'test:types'] },
  { id: 'package', title: 'The packed package: runtime files only, no dependencies, safe on a server; host apps (tests/hosts) built from it in Chromium', cmd: ['npm', 'run', 'test:package'], browser: true, database: { env: { SF_HOSTS: 'none' }, note: 'the production server only (the host apps use no database)' } },
  { id: 'elements', title: 'Element tests (web-test-runner)', cmd: ['web-test-runner'], browser: true },
  { id: 'e2e', title: 'End-to-end (playwright)', cmd: ['playwright', 'test'], browser: true, database: { args: ['--grep', '@database'], note: 'the journeys tagged @database' } },
];

function usage(message) {
  if (message) console.error(`test.mjs: ${message}\n`);
  console.error(
    [
      'Usage: node scripts/test.mjs [--only a,b] [--skip a,b] [--database] [--list]',
      `Steps: ${STEPS.map((s) => s.id).join(', ')}`,
    ].join('\n'),
  );
  process.exit(2);
}

function parseList(value, flag) {
  if (!value || value.startsWith('--')) usage(`${flag} needs a comma-separated list of steps`);
  const ids = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = ids.filter((id) => !STEPS.some((s) => s.id === id));
  if (unknown.length) usage(`unknown step(s): ${unknown.join(', ')}`);
  return ids;
}

let only = null;
let skip = [];
let databaseOnly = false;
let listOnly = false;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
  if (flag === '--only') only = parseList(inline ?? argv[++i], '--only');
  else if (flag === '--skip') skip = parseList(inline ?? argv[++i], '--skip');
  else if (flag === '--database') databaseOnly = true;
  else if (flag === '--list') listOnly = true;
  else if (flag === '-h' || flag === '--help') usage();
  else usage(`unknown argument ${arg}`);
}

// --database takes the build of an earlier run; without one, it builds first.
const built = existsSync(join(ROOT, 'dist', 'storefront.js')) && existsSync(join(ROOT, 'dist', 'esm', 'loader.js'));
const wanted = (s) => !databaseOnly || s.database || (s.id === 'build' && !built);
const selected = STEPS.filter((s) => (!only || only.includes(s.id)) && !skip.includes(s.id) && wanted(s)).map((s) =>
  databaseOnly && s.database ? { ...s, cmd: [...s.cmd, ...(s.database.args ?? [])], env: s.database.env, title: `${s.title}; ${s.database.note}` } : s,
);
if (!selected.length) usage('no steps selected');
if (listOnly) {
  for (const s of selected) console.log(`${s.id.padEnd(10)} ${s.title}: ${display(s)}`);
  process.exit(0);
}

function display(step) {
  const env = Object.entries(step.env ?? {}).map(([name, value]) => `${name}=${value} `).join('');
  return `${env}${step.cmd[0] === 'npm' ? step.cmd.join(' ') : `npx ${step.cmd.join(' ')}`}`;
}

/** Local binaries straight from node_modules/.bin: never a registry download. */
function resolveCommand([bin, ...args]) {
  if (bin === 'npm') return { file: 'npm', args };
  const local = join(ROOT, 'node_modules', '.bin', bin);
  if (!existsSync(local)) return { missing: `${bin} is not installed (node_modules/.bin/${bin}); run \`npm ci\`` };
  return { file: local, args };
}

let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\ntest.mjs: ${signal}, stopping`);
    if (!current) process.exit(130);
    current.kill(signal);
    current.once('exit', () => process.exit(130));
  });
}

function run(file, args, env) {
  return new Promise((resolveRun) => {
    current = spawn(file, args, { cwd: ROOT, env, stdio: 'inherit' });
    current.on('error', (error) => {
      console.error(`test.mjs: could not start ${file}: ${error.message}`);
      resolveRun(127);
    });
    current.on('exit', (code, signal) => {
      current = null;
      resolveRun(code ?? (signal ? 128 : 1));
    });
  });
}

function dbLabel() {
  const url = process.env.DATABASE_URL;
  if (!url) return 'PGlite (embedded)';
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return `PostgreSQL ${u.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * The machine's CPU ticks so far, busy and in all (Linux: /proc/stat), or null elsewhere. A step's
 * share of the machine says whether it waits (room to run something beside it) or computes.
 */
function machineTicks() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const all = ticks.slice(0, 8).reduce((sum, t) => sum + t, 0);
    return { busy: all - ticks[3] - ticks[4], all };
  } catch {
    return null;
  }
}
function busyNote(before, after, ms) {
  if (!before || !after || after.all <= before.all || ms < 1000) return '';
  return `machine ${Math.round((100 * (after.busy - before.busy)) / (after.all - before.all))}% busy on ${availableParallelism()} cores`;
}

const rule = '─'.repeat(72);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(`${rule}\nStorefront Elements tests: ${selected.map((s) => s.id).join(', ')}\nDatabase: ${dbLabel()}\n${rule}`);

const env = { ...process.env };
/** @type {{ step: typeof STEPS[number], status: 'passed'|'failed'|'not run', ms: number, note?: string, cpu?: string }[]} */
const results = [];
let failed = false;
const total = selected.length;

for (const [index, step] of selected.entries()) {
  if (failed) {
    results.push({ step, status: 'not run', ms: 0 });
    continue;
  }
  console.log(`\n${rule}\n▶ [${index + 1}/${total}] ${step.title}: ${display(step)}\n${rule}`);
  const started = Date.now();
  const ticksBefore = machineTicks();
  let note;
  let code;
  if (step.browser) {
    // Found as before, else installed the way this machine allows (install-browser.mjs says how).
    const chromium = ensureChromium();
    if (!chromium) {
      note = 'no Chromium';
      console.error(chromiumHowTo());
      code = 1;
    } else {
      env.CHROME_PATH = chromium;
    }
  }
  if (code === undefined) {
    const cmd = resolveCommand(step.cmd);
    if (cmd.missing) {
      console.error(`test.mjs: ${cmd.missing}`);
      note = 'not installed';
      code = 1;
    } else {
      code = await run(cmd.file, cmd.args, { ...env, ...step.env });
      if (code !== 0) note = `exit code ${code}`;
    }
  }
  const ms = Date.now() - started;
  const cpu = busyNote(ticksBefore, machineTicks(), ms);
  const status = code === 0 ? 'passed' : 'failed';
  if (status === 'failed') failed = true;
  results.push({ step, status, ms, note, cpu });
  console.log(`\n${status === 'passed' ? '✔' : '✘'} ${step.title} ${status} in ${seconds(ms)}${note ? ` (${note})` : ''}${cpu ? ` (${cpu})` : ''}`);
}

const passedCount = results.filter((r) => r.status === 'passed').length;
const failedCount = results.filter((r) => r.status === 'failed').length;
console.log(`\n${rule}\nSummary (${dbLabel()})`);
for (const r of results) {
  const mark = r.status === 'passed' ? '✔' : r.status === 'failed' ? '✘' : '·';
  const time = r.status === 'not run' ? '' : seconds(r.ms);
  console.log(`  ${mark} ${r.step.id.padEnd(10)} ${r.status.padEnd(8)} ${time.padStart(8)}${r.cpu ? `  ${r.cpu}` : ''}${r.note ? `  ${r.note}` : ''}`);
}
const failedStep = results.find((r) => r.status === 'failed');
if (failedStep) {
  console.log(`\nStopped at "${failedStep.step.id}". Re-run it alone: npm test -- --only ${failedStep.step.id}`);
}
console.log(rule);
console.log(`${passedCount} passed, ${failedCount} failed`);
process.exit(failedCount ? 1 : 0);
