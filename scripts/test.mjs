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
//   npm test -- --jobs 1              one step at a time (default: two at a time on two or more cores)
//
// Steps run two at a time where they leave the machine room (each waits on its browser, its
// server or its database for much of its time), in the list's order, each once what it needs is
// done (`after`); a step that keeps every core busy by itself (`alone`: the end-to-end journeys)
// runs with nothing beside it. A step running beside another writes to .tmp/test-logs/<step>.log,
// printed whole when it ends; a step running alone prints as it goes.
//
// The last line is `N passed, N failed` (counting steps; CI reads it). After a failure no
// step starts; those running finish. Steps not run are not counted. Exit code 0 only if all passed.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumHowTo } from './find-browser.mjs';
import { ensureChromium } from './install-browser.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `database`: the step's result depends on the database, and `--database` runs it (with these
 * extra arguments and environment, when given); the other steps give the same answer on either.
 * `after`: the steps it needs done first when both run (the catalogs, which the translations check
 * writes; the build's dist/, which the build empties as it starts). `alone`: nothing runs beside it
 * (in a `--database` run it is a few journeys only, and does not need the machine to itself).
 * @type {{ id: string, title: string, cmd: string[], browser?: boolean, after?: string[], alone?: boolean, database?: { args?: string[], env?: Record<string, string>, note: string } }[]}
 */
const STEPS = [
  { id: 'typecheck', title: 'Type check (tsc -b: contract, storefront, element tests, server, tools)', cmd: ['tsc', '-b'] },
  { id: 'lint', title: 'Lint (layers, import cycles, typescript-eslint recommended)', cmd: ['npm', 'run', 'lint'] },
  { id: 'i18n', title: 'Translations complete (en, ar, de, es, fr)', cmd: ['npm', 'run', 'i18n:check'] },
  { id: 'build', title: 'Build, and the page weights within their budgets (scripts/page-weights.mjs)', cmd: ['npm', 'run', 'build'], after: ['i18n', 'typecheck'] },
  { id: 'unit', title: 'Unit tests of the storefront, the contract and the tools (vitest)', cmd: ['vitest', 'run', '--project', 'src', '--project', 'src-mocks', '--project', 'contract', '--project', 'tools'], after: ['i18n'] },
  { id: 'server', title: 'Server tests (vitest: domain, routes, jobs and hostile input on a real database)', cmd: ['vitest', 'run', '--project', 'server'], database: { note: 'all of them' } },
  { id: 'types', title: 'Package types and manifest (HTMLElementTagNameMap, JSX, custom-elements.json)', cmd: ['npm', 'run', 'test:types'], after: ['build'] },
  { id: 'package', title: 'The packed package: runtime files only, no dependencies, safe on a server; host apps (tests/hosts) built from it in Chromium', cmd: ['npm', 'run', 'test:package'], browser: true, after: ['build'], database: { env: { SF_HOSTS: 'none' }, note: 'the production server only (the host apps use no database)' } },
  { id: 'elements', title: 'Element tests (web-test-runner)', cmd: ['web-test-runner'], browser: true, after: ['build'] },
  { id: 'e2e', title: 'End-to-end (playwright)', cmd: ['playwright', 'test'], browser: true, after: ['build'], alone: true, database: { args: ['--grep', '@database'], note: 'the journeys tagged @database' } },
];

function usage(message) {
  if (message) console.error(`test.mjs: ${message}\n`);
  console.error(
    [
      'Usage: node scripts/test.mjs [--only a,b] [--skip a,b] [--database] [--jobs n] [--list]',
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
let jobs = Math.min(2, availableParallelism());
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
  if (flag === '--only') only = parseList(inline ?? argv[++i], '--only');
  else if (flag === '--skip') skip = parseList(inline ?? argv[++i], '--skip');
  else if (flag === '--database') databaseOnly = true;
  else if (flag === '--list') listOnly = true;
  else if (flag === '--jobs') {
    jobs = Number(inline ?? argv[++i]);
    if (!Number.isInteger(jobs) || jobs < 1 || jobs > 8) usage('--jobs needs a whole number from 1 to 8');
  }
  else if (flag === '-h' || flag === '--help') usage();
  else usage(`unknown argument ${arg}`);
}

// --database takes the build of an earlier run; without one, it builds first.
const built = existsSync(join(ROOT, 'dist', 'storefront.js')) && existsSync(join(ROOT, 'dist', 'esm', 'loader.js'));
const wanted = (s) => !databaseOnly || s.database || (s.id === 'build' && !built);
const selected = STEPS.filter((s) => (!only || only.includes(s.id)) && !skip.includes(s.id) && wanted(s)).map((s) =>
  databaseOnly && s.database ? { ...s, alone: false, cmd: [...s.cmd, ...(s.database.args ?? [])], env: s.database.env, title: `${s.title}; ${s.database.note}` } : s,
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

/** The steps' processes now running, stopped with this script. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\ntest.mjs: ${signal}, stopping`);
    if (running.size === 0) process.exit(130);
    for (const child of running) {
      child.kill(signal);
      child.once('exit', () => running.size === 0 && process.exit(130));
    }
  });
}

/** Runs a command to its end: its output to the terminal, or into `logFile` when given. */
function run(file, args, env, logFile) {
  return new Promise((resolveRun) => {
    const log = logFile ? createWriteStream(logFile) : null;
    const child = spawn(file, args, { cwd: ROOT, env, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    const finish = (code) => {
      running.delete(child);
      if (log) log.end(() => resolveRun(code));
      else resolveRun(code);
    };
    child.on('error', (error) => {
      (log ?? process.stderr).write(`test.mjs: could not start ${file}: ${error.message}\n`);
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
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
/** @type {Map<string, { step: typeof STEPS[number], status: 'passed'|'failed'|'not run', ms: number, note?: string, busy?: string }>} */
const results = new Map();
const total = selected.length;
const logDir = join(ROOT, '.tmp', 'test-logs');

/** Runs one step; its output goes to the terminal when `logFile` is null. */
async function runStep(step, index, logFile) {
  console.log(`\n${rule}\n▶ [${index + 1}/${total}] ${step.title}: ${display(step)}${logFile ? `\n  beside another step; its output when it ends (${logFile})` : ''}\n${rule}`);
  const started = Date.now();
  const ticksBefore = machineTicks();
  let note;
  let code;
  const stepEnv = { ...env, ...step.env };
  if (step.browser) {
    // Found as before, else installed the way this machine allows (install-browser.mjs says how).
    const chromium = ensureChromium();
    if (!chromium) {
      note = 'no Chromium';
      console.error(chromiumHowTo());
      code = 1;
    } else {
      stepEnv.CHROME_PATH = chromium;
    }
  }
  if (code === undefined) {
    const cmd = resolveCommand(step.cmd);
    if (cmd.missing) {
      console.error(`test.mjs: ${cmd.missing}`);
      note = 'not installed';
      code = 1;
    } else {
      code = await run(cmd.file, cmd.args, stepEnv, logFile);
      if (code !== 0) note = `exit code ${code}`;
    }
  }
  const ms = Date.now() - started;
  const busy = busyNote(ticksBefore, machineTicks(), ms);
  const status = code === 0 ? 'passed' : 'failed';
  results.set(step.id, { step, status, ms, note, busy });
  if (logFile) console.log(`\n${rule}\n◀ ${step.title}\n${rule}\n${readFileSync(logFile, 'utf8').trimEnd()}`);
  console.log(`\n${status === 'passed' ? '✔' : '✘'} ${step.title} ${status} in ${seconds(ms)}${note ? ` (${note})` : ''}${busy ? ` (${busy})` : ''}`);
}

// In the list's order: the next step starts when a place is free, the steps it needs (among those
// run) have passed and, for a step that runs alone, nothing else runs; after a failure none starts.
const waiting = [...selected];
const active = new Map();
const neededDone = (step) => (step.after ?? []).every((id) => !selected.some((s) => s.id === id) || results.get(id)?.status === 'passed');
while (waiting.length > 0 || active.size > 0) {
  const failed = [...results.values()].some((r) => r.status === 'failed');
  const aloneActive = [...active.keys()].some((step) => step.alone);
  const next = waiting[0];
  if (next && !failed && !aloneActive && active.size < jobs && neededDone(next) && (!next.alone || active.size === 0)) {
    waiting.shift();
    const besideOthers = jobs > 1 && !next.alone && (active.size > 0 || (waiting.length > 0 && !waiting[0].alone));
    if (besideOthers) mkdirSync(logDir, { recursive: true });
    const logFile = besideOthers ? join(logDir, `${next.id}.log`) : null;
    active.set(next, runStep(next, selected.indexOf(next), logFile).then(() => active.delete(next)));
    continue;
  }
  if (active.size === 0) break; // after a failure, nothing more starts
  await Promise.race(active.values());
}
for (const step of selected) if (!results.has(step.id)) results.set(step.id, { step, status: 'not run', ms: 0 });

const ordered = selected.map((step) => results.get(step.id));
const passedCount = ordered.filter((r) => r.status === 'passed').length;
const failedCount = ordered.filter((r) => r.status === 'failed').length;
console.log(`\n${rule}\nSummary (${dbLabel()})`);
for (const r of ordered) {
  const mark = r.status === 'passed' ? '✔' : r.status === 'failed' ? '✘' : '·';
  const time = r.status === 'not run' ? '' : seconds(r.ms);
  console.log(`  ${mark} ${r.step.id.padEnd(10)} ${r.status.padEnd(8)} ${time.padStart(8)}${r.busy ? `  ${r.busy}` : ''}${r.note ? `  ${r.note}` : ''}`);
}
const failedStep = ordered.find((r) => r.status === 'failed');
if (failedStep) {
  console.log(`\nStopped at "${failedStep.step.id}". Re-run it alone: npm test -- --only ${failedStep.step.id}`);
}
console.log(rule);
console.log(`${passedCount} passed, ${failedCount} failed`);
process.exit(failedCount ? 1 : 0);
