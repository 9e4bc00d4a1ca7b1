// `npm run soak`: customers order over real HTTP from the API server on PostgreSQL while the server
// is killed with SIGKILL and restarted on a schedule; then the database is checked: every
// acknowledged order exists exactly once, no key holds two orders, wallets match their ledger and
// stock matches the orders that took it. Prints the counts; exits 1 when an invariant fails.
// Each customer (the bench's seeded customers) quotes a pickup cart, places it with a fresh
// idempotency key, wallet, cash or online (then presses a button on the test payment page), and
// retries an answer lost with the server's death with the same key, as the storefront does. Besides
// the kills, the client drops a share of its own first answers and sends 2% of acknowledged orders
// once more (a double submit); both must answer the first order.
// Not part of `npm test` (README, next to `npm run bench`). Settings, environment or flags:
//   SOAK_MINUTES / --minutes            how long customers start new orders (10)
//   SOAK_KILL_EVERY_S / --kill-every-s  seconds between two SIGKILLs of the server (120)
//   SOAK_CUSTOMERS / --customers        customers ordering at once (50)
//   SOAK_THINK_MS / --think-ms          a customer's mean pause between two orders (200)
//   SOAK_ONLINE / --online              1: some orders pay online with the test provider (1)
//   SOAK_DROP_PERCENT / --drop-percent  share of orders whose first answer the client drops itself (2)
//   SOAK_PG_PORT / --pg-port            first port tried for the throwaway PostgreSQL (56432)
// With DATABASE_URL the run uses that PostgreSQL (in a schema of its own, dropped when the run
// passes); without, it starts a throwaway cluster (scripts/pg-throwaway.sh, own state file) and
// stops it on every way out.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PaymentStatusResult, PlaceOrderRequest, PlaceOrderResult, PriceBreakdown } from '../contract/api/checkout.ts';
import type { Envelope } from '../contract/api/common.ts';
import type { UserDetailsAnswer } from '../contract/api/account.ts';
import type { PaymentMethod } from '../contract/api/order-states.ts';
import type { RestaurantDetail } from '../contract/api/stores.ts';
import { ORDER_CODES } from '../contract/constants.ts';
import { toMinor } from '../contract/rules/money.ts';
import { orderFingerprint } from '../contract/rules/order-fingerprint.ts';
import { openDatabase, type Database } from '../server/db/pool.ts';
import { requestHash } from '../server/modules/orders/index.ts';
import type { BenchCustomers } from '../server/seed/bench.ts';
import { BENCH_SEED_KEYS, benchSeedEnv, orderCall } from './bench-customers.mjs';
import { ROOT, dropSchema, freePort, serverEnv, startApiServer, uniqueSchema } from '../tests/helpers/server.mjs';

/* ---------- settings ---------- */

const SETTINGS = {
  minutes: { env: 'SOAK_MINUTES', fallback: 10 },
  killEveryS: { env: 'SOAK_KILL_EVERY_S', fallback: 120 },
  customers: { env: 'SOAK_CUSTOMERS', fallback: 50 },
  thinkMs: { env: 'SOAK_THINK_MS', fallback: 200 },
  online: { env: 'SOAK_ONLINE', fallback: 1 },
  dropPercent: { env: 'SOAK_DROP_PERCENT', fallback: 2 },
  pgPort: { env: 'SOAK_PG_PORT', fallback: 56432 },
} as const;
type Settings = Record<keyof typeof SETTINGS, number>;

const USAGE = `npm run soak [-- --minutes=10 --kill-every-s=120 --customers=50 --think-ms=200 --online=1 --drop-percent=2 --pg-port=56432]
Each flag can be given as an environment variable instead: SOAK_MINUTES, SOAK_KILL_EVERY_S, SOAK_CUSTOMERS,
SOAK_THINK_MS, SOAK_ONLINE, SOAK_DROP_PERCENT, SOAK_PG_PORT. DATABASE_URL: run on that PostgreSQL instead of a throwaway cluster.`;

/** A setting or flag that cannot be used: its message is all that is printed. */
class UsageError extends Error {}

function readSettings(argv: string[], env: NodeJS.ProcessEnv): Settings {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`Unknown argument ${arg}\n${USAGE}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${match[1]} needs a value\n${USAGE}`);
    given.set(match[1]!, value);
  }
  const settings = {} as Settings;
  for (const [name, { env: key, fallback }] of Object.entries(SETTINGS) as Array<[keyof Settings, { env: string; fallback: number }]>) {
    const flag = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const text = given.get(flag) ?? env[key];
    given.delete(flag);
    const value = text === undefined || text === '' ? fallback : Number(text);
    if (!Number.isFinite(value) || value < 0) throw new UsageError(`${key} (--${flag}) must be a number ≥ 0, not ${text}`);
    settings[name] = value;
  }
  if ([...given.keys()].length) throw new UsageError(`Unknown option --${[...given.keys()][0]}\n${USAGE}`);
  if (settings.minutes <= 0) throw new UsageError('SOAK_MINUTES must be more than 0');
  if (!Number.isInteger(settings.customers) || settings.customers < 1) throw new UsageError('SOAK_CUSTOMERS must be a whole number ≥ 1');
  if (settings.killEveryS !== 0 && settings.killEveryS < 5) throw new UsageError('SOAK_KILL_EVERY_S must be 0 (no kills) or at least 5');
  return settings;
}

/** A request without an answer within this is an answer lost; a customer keeps retrying one request this long. */
const REQUEST_TIMEOUT_MS = 30_000;
const GIVE_UP_AFTER_MS = 180_000;
/** A dropped answer: the client closes the connection at a random moment this soon after sending (a phone losing its network). */
const DROP_WITHIN_MS = 150;
/** Share of acknowledged orders sent once more with the same key (a double submit), which must answer the same order. */
const DOUBLE_SUBMITS = 0.02;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

/* ---------- cleaning up on every way out ---------- */

const cleanups: Array<() => Promise<void> | void> = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`soak: clean-up step failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.once(signal, () => {
    console.error(`\nsoak: ${signal}, stopping`);
    void cleanUp().finally(() => process.exit(code));
  });
}

/* ---------- the throwaway PostgreSQL ---------- */

const PG_SCRIPT = join(ROOT, 'scripts', 'pg-throwaway.sh');
const PG_STATE = join(ROOT, '.tmp', `soak-pg-${process.pid}.env`);

function pgThrowaway(command: 'start' | 'stop', port: number): string {
  const result = spawnSync(PG_SCRIPT, [command], {
    env: { ...process.env, PG_THROWAWAY_STATE: PG_STATE, PG_PORT: String(port) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`scripts/pg-throwaway.sh ${command} failed:\n${result.stderr}`);
  return result.stdout.trim();
}

/** Starts the cluster; stops it (by the PID in its own state file) when the run ends, however it ends. */
function startThrowawayPostgres(port: number): string {
  let running = true;
  const stop = () => {
    if (!running) return;
    running = false;
    pgThrowaway('stop', port);
    rmSync(PG_STATE, { force: true });
  };
  // The exit hook covers a crash of this script; the clean-up step the ordinary ends.
  process.once('exit', stop);
  cleanups.push(stop);
  return pgThrowaway('start', port);
}

/* ---------- the API server, killed and restarted ---------- */

type ApiServer = Awaited<ReturnType<typeof startApiServer>>;
/** Each start's output, kept when the run fails. */
const serverLog = (start: number | string) => join(ROOT, '.tmp', `soak-${process.pid}-server-${start}.log`);

class ServerUnderTest {
  current: ApiServer | undefined;
  starts = 0;
  kills = 0;
  /** Exits nobody asked for (the server died by itself). */
  crashes = 0;
  downtimes: number[] = [];
  private killing = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly port: number,
    private readonly firstEnv: NodeJS.ProcessEnv,
    private readonly restartEnv: NodeJS.ProcessEnv,
  ) {}

  async start(): Promise<ApiServer> {
    this.starts++;
    const server = await startApiServer({
      port: this.port,
      env: this.starts === 1 ? this.firstEnv : this.restartEnv,
      logFile: serverLog(this.starts),
      label: `API server for the soak (start ${this.starts})`,
    });
    this.current = server;
    server.child.once('exit', () => {
      if (this.killing || this.current !== server) return;
      this.crashes++;
      console.log(`  ${clock(elapsed())}  the server exited by itself; starting it again`);
      this.queue = this.queue.then(() => this.restart());
    });
    return server;
  }

  /** SIGKILL to the server's process group (tsx and the node process running server/main.ts), then a new start on the same database. */
  killAndRestart(): Promise<void> {
    this.queue = this.queue.then(async () => {
      const server = this.current;
      if (!server) return;
      this.killing = true;
      console.log(`  ${clock(elapsed())}  kill ${this.kills + 1}: SIGKILL to the server`);
      if (server.child.exitCode === null && server.child.signalCode === null) {
        const gone = new Promise((resolve) => server.child.once('exit', resolve));
        process.kill(-server.child.pid!, 'SIGKILL');
        await gone;
      }
      await server.stop(); // the process is gone: this only drops its exit hook
      this.killing = false;
      this.kills++;
      const began = performance.now();
      await this.restart();
      const down = performance.now() - began;
      this.downtimes.push(down);
      console.log(`  ${clock(elapsed())}  restarted on the same database; answering ${(down / 1000).toFixed(1)} s after the kill`);
    });
    return this.queue;
  }

  private async restart(): Promise<void> {
    this.current = undefined;
    await this.start();
  }

  async stop(): Promise<void> {
    await this.queue;
    const server = this.current;
    this.current = undefined;
    await server?.stop();
  }
}

/* ---------- customers ---------- */

type Answer = { status: number; json: unknown };
type PaymentAction = 'pay' | 'fail' | 'cancel' | 'abandon';
const PAYMENT_EXPECTED: Record<PaymentAction, string> = { pay: 'paid', fail: 'failed', cancel: 'cancelled', abandon: 'pending' };

/** One order: an idempotency key and everything sent and answered under it. */
interface Attempt {
  key: string;
  customer: number;
  request: PlaceOrderRequest;
  /** What the server stores as request_hash for this request. */
  hash: string;
  /** Answers lost (connection closed, timeout, 5xx) before one came. */
  lostAnswers: number;
  /** The client dropped the first try's connection itself. */
  dropped?: boolean;
  outcome?: 'acknowledged' | 'refused' | 'gave up';
  /** Order ids in the success answers (one, however often the key is sent). */
  orderIds: Set<number>;
  /** The total acknowledged, display units. */
  total?: number;
  /** Sent again after its answer; the second answer must be the same order, `replayed`. */
  doubleSubmit?: 'replayed' | 'not replayed';
  /** The answer after a lost one said `replayed`: the first try had written the order. */
  replayedAfterLoss?: boolean;
  refusal?: string;
  payment?: { action: PaymentAction; status?: string };
}

interface Stats {
  soldOutQuotes: number;
  lostAnswers: number;
  serverErrors: number;
  /** Quotes, payment page posts and payment checks given up on. */
  gaveUpOther: number;
}

let startedAt = performance.now();
const elapsed = () => performance.now() - startedAt;

class Customers {
  readonly attempts: Attempt[] = [];
  readonly stats: Stats = { soldOutQuotes: 0, lostAnswers: 0, serverErrors: 0, gaveUpOther: 0 };
  unitPrices = new Map<number, number>();
  /** The store's minimum item total, which the storefront holds a cart to before it offers checkout. */
  minimum = 0;

  constructor(
    private readonly origin: string,
    private readonly bench: BenchCustomers,
    private readonly settings: Settings,
    private readonly items: { regular: number[]; scarce: number },
  ) {}

  /** Sends until an answer comes (a lost one is retried as it was), or gives up after GIVE_UP_AFTER_MS. */
  private async persist(send: (signal: AbortSignal) => Promise<Answer>, onLost: () => void): Promise<Answer | undefined> {
    const giveUpAt = Date.now() + GIVE_UP_AFTER_MS;
    for (let wait = 100; ; wait = Math.min(2000, wait * 2)) {
      try {
        const answer = await send(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
        if (answer.status < 500) return answer;
        this.stats.serverErrors++;
      } catch {
        // no answer: connection refused or closed, or timed out
      }
      this.stats.lostAnswers++;
      onLost();
      if (Date.now() > giveUpAt) return undefined;
      await sleep(wait * (0.5 + Math.random()));
    }
  }

  private call(customer: number, name: string, body: unknown, onLost: () => void = () => {}): Promise<Answer | undefined> {
    const { host, tokens } = this.bench;
    return this.persist((signal) => orderCall(this.origin, host, tokens[customer]!, name, body, { signal }), onLost);
  }

  /** The customer's user id, from their own account call. */
  async userId(customer: number): Promise<number> {
    const answer = await this.call(customer, 'get_user_details_web', {});
    const id = (answer?.json as UserDetailsAnswer | undefined)?.user_details?.user_id;
    if (typeof id !== 'number') throw new Error(`get_user_details_web for customer ${customer} answered ${JSON.stringify(answer)}`);
    return id;
  }

  /** The store's minimum order, and unit prices from one quote of every item, as the menu would show them. */
  async loadStore(): Promise<void> {
    const detail = (await this.call(0, 'get_restaurant_detail', { restaurant_id: this.bench.restaurantId }))?.json as Envelope<RestaurantDetail> | undefined;
    if (detail?.code !== 200 || !detail.Result) throw new Error(`get_restaurant_detail answered ${JSON.stringify(detail)}`);
    this.minimum = detail.Result.minimum_admin_commision ? 0 : detail.Result.minimum_order_value;
    const ids = [...this.items.regular, this.items.scarce];
    const answer = await this.call(0, 'check_restaurant_menu_with_price', this.base(ids.map((item_id) => ({ item_id, quantity: 1, price: 0 }))));
    const quote = answer?.json as Envelope<PriceBreakdown> | undefined;
    if (quote?.code !== 200 || !quote.Result) throw new Error(`pricing the soak's items answered ${JSON.stringify(answer)}`);
    for (const line of quote.Result.lines) this.unitPrices.set(line.item_id, line.unit_price);
  }

  private base(lines: PlaceOrderRequest['lines']) {
    return { restaurant_id: this.bench.restaurantId, order_mode: 'pickup' as const, lines };
  }

  private cart(): PlaceOrderRequest['lines'] {
    const regular = [...this.items.regular].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 2));
    const lines = regular.map((item_id) => ({ item_id, quantity: 1 + Math.floor(Math.random() * 3) }));
    if (Math.random() < 0.25) lines.push({ item_id: this.items.scarce, quantity: 1 + Math.floor(Math.random() * 2) });
    const priced = lines.map((line) => ({ ...line, selectCustoizeID: [], price: this.unitPrices.get(line.item_id)! }));
    // Below the store's minimum the storefront offers no checkout: the customer adds units first.
    while (priced.reduce((sum, line) => sum + line.price * line.quantity, 0) < this.minimum && priced[0]!.quantity < 99) priced[0]!.quantity++;
    return priced;
  }

  private method(): PaymentMethod {
    const r = Math.random();
    if (this.settings.online && r >= 0.8) return 'online';
    return r < 0.4 || (!this.settings.online && r < 0.5) ? 'wallet' : 'cash';
  }

  /** One customer: quote a cart, place it (retrying a lost answer with the same key), pay if online, pause; until `deadline`. */
  async run(customer: number, deadline: number): Promise<void> {
    while (performance.now() < deadline) {
      const base = this.base(this.cart());
      const answer = await this.call(customer, 'check_restaurant_menu_with_price', base);
      const quote = answer?.json as Envelope<PriceBreakdown> | undefined;
      if (!answer) {
        this.stats.gaveUpOther++;
      } else if (quote?.code !== 200 || !quote.Result) {
        throw new Error(`check_restaurant_menu_with_price answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
      } else if (quote.Result.has_unavailable) {
        this.stats.soldOutQuotes++; // the storefront would not offer this cart: another one
      } else {
        await this.order(customer, base, quote.Result.total);
      }
      await sleep(this.settings.thinkMs * 2 * Math.random());
    }
  }

  private async order(customer: number, base: ReturnType<Customers['base']>, total: number): Promise<void> {
    const paymentMethod = this.method();
    const request: PlaceOrderRequest = {
      ...base,
      idempotency_key: randomUUID(),
      payment_method: paymentMethod,
      expected_total: total,
      ...(paymentMethod === 'online' ? { return_url: `http://${this.bench.host}:${new URL(this.origin).port}/?soak=1` } : {}),
    };
    const attempt: Attempt = {
      key: request.idempotency_key, customer, request, lostAnswers: 0, orderIds: new Set(),
      hash: requestHash(orderFingerprint(request)),
    };
    this.attempts.push(attempt);
    const { host, tokens } = this.bench;
    const drop = Math.random() * 100 < this.settings.dropPercent ? AbortSignal.timeout(Math.floor(Math.random() * DROP_WITHIN_MS)) : undefined;
    let tries = 0;
    const answer = await this.persist(async (signal) => {
      const dropping = tries++ === 0 ? drop : undefined;
      try {
        return await orderCall(this.origin, host, tokens[customer]!, 'place_order', request, { signal: dropping ? AbortSignal.any([signal, dropping]) : signal });
      } catch (error) {
        if (dropping?.aborted) attempt.dropped = true;
        throw error;
      }
    }, () => attempt.lostAnswers++);
    if (!answer) {
      attempt.outcome = 'gave up';
      return;
    }
    const envelope = answer.json as Envelope<PlaceOrderResult> | undefined;
    const result = envelope?.Result;
    if (answer.status !== 200 || envelope?.code !== 200 || typeof result?.order_id !== 'number') {
      attempt.outcome = 'refused';
      const code = envelope?.code;
      attempt.refusal = answer.status !== 200 ? `HTTP ${answer.status}` : Object.entries(ORDER_CODES).find(([, c]) => c === code)?.[0] ?? `code ${code}`;
      return;
    }
    attempt.outcome = 'acknowledged';
    attempt.orderIds.add(result.order_id);
    attempt.total = result.total;
    if (attempt.lostAnswers) attempt.replayedAfterLoss = result.replayed === 1;
    if (Math.random() < DOUBLE_SUBMITS) {
      const again = (await this.call(customer, 'place_order', request))?.json as Envelope<PlaceOrderResult> | undefined;
      if (typeof again?.Result?.order_id === 'number') attempt.orderIds.add(again.Result.order_id);
      attempt.doubleSubmit = again?.code === 200 && again.Result?.replayed === 1 ? 'replayed' : 'not replayed';
    }
    if (paymentMethod === 'online') await this.pay(customer, attempt, result);
  }

  /** The hosted test payment page: a button pressed (or the page left), then check_payment_status as the storefront asks on return. */
  private async pay(customer: number, attempt: Attempt, result: PlaceOrderResult): Promise<void> {
    const r = Math.random();
    const action: PaymentAction = r < 0.8 ? 'pay' : r < 0.88 ? 'fail' : r < 0.95 ? 'cancel' : 'abandon';
    attempt.payment = { action };
    if (action !== 'abandon') {
      if (!result.payment_url) throw new Error(`online order ${result.order_id} came without a payment_url`);
      const url = result.payment_url;
      // A form post from the payment page itself, as the browser sends it.
      const posted = await this.persist(async (signal) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin },
          body: new URLSearchParams({ action }).toString(),
          redirect: 'manual',
          signal,
        });
        await response.arrayBuffer();
        return { status: response.status, json: {} };
      }, () => {});
      if (!posted) {
        this.stats.gaveUpOther++;
        return;
      }
      if (posted.status !== 303) throw new Error(`the test payment page answered ${posted.status} to action=${action}`);
    }
    const answer = await this.call(customer, 'check_payment_status', { order_id: result.order_id });
    const status = (answer?.json as Envelope<PaymentStatusResult> | undefined)?.Result?.payment_status;
    if (status) attempt.payment.status = status;
  }
}

/* ---------- the database check ---------- */

/** What must hold after the run, each counted where it does not (all must be 0). */
const CHECKS = {
  duplicates: 'duplicates',
  lost: 'lost',
  wallet: 'wallet mismatches',
  stock: 'stock mismatches',
  differs: 'acknowledged orders unlike what was sent',
  refusedCreated: 'orders created though refused',
  unknownKey: 'orders under a key no customer sent',
  noLines: 'orders without lines',
  paymentRows: 'online orders without one payment',
  ledger: 'orders whose wallet rows do not fit',
  payments: 'online payments not settled as asked',
  replays: 'double submits not answered as a replay',
} as const;
type Check = keyof typeof CHECKS;

interface Baseline {
  vendorId: number;
  userIds: number[];
  lastOrderId: number;
  lastLedgerId: number;
  wallets: Map<number, number>;
  stock: Map<number, number | null>;
}

async function takeBaseline(db: Database, bench: BenchCustomers, userIds: number[], stock: Map<number, number | null>): Promise<Baseline> {
  const { rows: [vendor] } = await db.pool.query<{ vendor_id: number }>('SELECT vendor_id FROM vendor_hosts WHERE host = $1', [bench.host]);
  const vendorId = vendor!.vendor_id;
  for (const [itemId, units] of stock) {
    await db.pool.query('UPDATE items SET stock = $3 WHERE vendor_id = $1 AND id = $2', [vendorId, itemId, units]);
  }
  const { rows: [last] } = await db.pool.query<{ order_id: number; ledger_id: number }>(
    'SELECT coalesce((SELECT max(id) FROM orders), 0) AS order_id, coalesce((SELECT max(id) FROM wallet_transactions), 0) AS ledger_id',
  );
  const { rows: users } = await db.pool.query<{ id: number; balance: number }>(
    'SELECT id, wallet_balance_minor AS balance FROM users WHERE vendor_id = $1 AND id = ANY($2::bigint[])', [vendorId, userIds],
  );
  return {
    vendorId, userIds, lastOrderId: last!.order_id, lastLedgerId: last!.ledger_id,
    wallets: new Map(users.map((u) => [u.id, u.balance])), stock,
  };
}

interface OrderRow {
  id: number;
  user_id: number;
  idempotency_key: string;
  request_hash: string;
  payment_method: PaymentMethod;
  status: string;
  payment_status: string;
  total_minor: number;
  currency_exponent: number;
  lines: number;
  payments: number;
}

async function check(db: Database, base: Baseline, attempts: Attempt[], userIdOf: number[]) {
  const q = db.pool;
  const { rows: orders } = await q.query<OrderRow>(
    `SELECT o.id, o.user_id, o.idempotency_key, o.request_hash, o.payment_method, o.status, o.payment_status, o.total_minor, o.currency_exponent,
       (SELECT count(*) FROM order_lines l WHERE l.vendor_id = o.vendor_id AND l.order_id = o.id)::int AS lines,
       (SELECT count(*) FROM payments p WHERE p.vendor_id = o.vendor_id AND p.order_id = o.id)::int AS payments
     FROM orders o WHERE o.vendor_id = $1 AND o.id > $2`,
    [base.vendorId, base.lastOrderId],
  );
  // Over the whole table: an order too many under one key, whoever's it is.
  const { rows: [sharedKeys] } = await q.query<{ extra: number }>(
    'SELECT coalesce(sum(n - 1), 0)::int AS extra FROM (SELECT count(*) AS n FROM orders GROUP BY idempotency_key HAVING count(*) > 1) k',
  );
  const { rows: ledger } = await q.query<{ user_id: number; order_id: number | null; kind: string; amount_minor: number; balance_after_minor: number }>(
    `SELECT user_id, order_id, kind, amount_minor, balance_after_minor FROM wallet_transactions
     WHERE vendor_id = $1 AND user_id = ANY($2::bigint[]) AND id > $3 ORDER BY user_id, id`,
    [base.vendorId, base.userIds, base.lastLedgerId],
  );
  const { rows: users } = await q.query<{ id: number; balance: number }>(
    'SELECT id, wallet_balance_minor AS balance FROM users WHERE vendor_id = $1 AND id = ANY($2::bigint[])', [base.vendorId, base.userIds],
  );
  const { rows: items } = await q.query<{ id: number; stock: number | null; taken: number }>(
    `SELECT i.id, i.stock, coalesce((SELECT sum(l.quantity) FROM order_lines l JOIN orders o ON o.vendor_id = l.vendor_id AND o.id = l.order_id
         WHERE l.vendor_id = i.vendor_id AND l.item_id = i.id AND o.id > $3 AND o.status NOT IN ('cancelled', 'payment_failed')), 0)::int AS taken
     FROM items i WHERE i.vendor_id = $1 AND i.id = ANY($2::bigint[])`,
    [base.vendorId, [...base.stock.keys()], base.lastOrderId],
  );

  const failures = Object.fromEntries(Object.keys(CHECKS).map((name) => [name, 0])) as Record<Check, number>;
  const fail = (name: Check, n = 1) => (failures[name] += n);

  // Orders against what the customers sent and were told.
  const byKey = new Map<string, OrderRow[]>();
  for (const order of orders) {
    const rows = byKey.get(order.idempotency_key);
    if (rows) rows.push(order);
    else byKey.set(order.idempotency_key, [order]);
  }
  const sentKeys = new Set(attempts.map((a) => a.key));
  const ackIds = new Map<number, number>();
  let answerLostCreated = 0;
  fail('duplicates', sharedKeys!.extra);
  for (const attempt of attempts) {
    const rows = byKey.get(attempt.key) ?? [];
    if (attempt.outcome === 'acknowledged') {
      // A key answered with two orders (a retry or a double submit told another id) is a duplicate.
      if (attempt.orderIds.size > 1) fail('duplicates', attempt.orderIds.size - 1);
      if (attempt.doubleSubmit === 'not replayed') fail('replays');
      if (attempt.payment?.status && attempt.payment.status !== PAYMENT_EXPECTED[attempt.payment.action]) fail('payments');
      const id = [...attempt.orderIds][0]!;
      ackIds.set(id, (ackIds.get(id) ?? 0) + 1);
      const row = rows.find((r) => r.id === id);
      if (!row) {
        fail('lost');
        continue;
      }
      const differs = row.user_id !== userIdOf[attempt.customer] || row.request_hash !== attempt.hash
        || row.total_minor !== toMinor(attempt.total!, row.currency_exponent) || row.payment_method !== attempt.request.payment_method;
      if (differs) fail('differs');
    } else if (rows.length) {
      if (attempt.outcome === 'refused') fail('refusedCreated');
      else answerLostCreated++;
    }
  }
  for (const count of ackIds.values()) if (count > 1) fail('duplicates', count - 1);
  for (const order of orders) {
    if (!sentKeys.has(order.idempotency_key)) fail('unknownKey');
    if (order.lines === 0) fail('noLines');
    if ((order.payment_method === 'online') !== (order.payments === 1)) fail('paymentRows');
  }

  // Wallets: the opening balance plus the ledger is the balance, row by row; each order's ledger rows fit its payment.
  const ledgerByUser = new Map<number, typeof ledger>();
  for (const row of ledger) {
    const rows = ledgerByUser.get(row.user_id);
    if (rows) rows.push(row);
    else ledgerByUser.set(row.user_id, [row]);
  }
  for (const user of users) {
    let balance = base.wallets.get(user.id)!;
    let chain = true;
    for (const row of ledgerByUser.get(user.id) ?? []) {
      balance += row.amount_minor;
      if (row.balance_after_minor !== balance) chain = false;
    }
    if (!chain || balance !== user.balance) fail('wallet');
  }
  const ledgerByOrder = new Map<number, number>();
  for (const row of ledger) {
    if (row.order_id !== null && (row.kind === 'order_payment' || row.kind === 'order_refund')) {
      ledgerByOrder.set(row.order_id, (ledgerByOrder.get(row.order_id) ?? 0) + row.amount_minor);
    }
  }
  for (const order of orders) {
    const refunded = order.payment_status === 'refunded';
    const expected = order.payment_method === 'wallet' ? (refunded ? 0 : -order.total_minor)
      : order.payment_method === 'online' && refunded ? order.total_minor : 0;
    if ((ledgerByOrder.get(order.id) ?? 0) !== expected) fail('ledger');
    ledgerByOrder.delete(order.id);
  }
  // Wallet rows for an order that does not exist.
  fail('ledger', ledgerByOrder.size);

  // Stock: what was there, less the units of the orders that hold them, is what is left.
  for (const item of items) {
    const opening = base.stock.get(item.id)!;
    if (item.stock !== (opening === null ? null : opening - item.taken)) fail('stock');
  }

  return { failures, answerLostCreated, items, ordersInDb: orders.length };
}

/* ---------- the run ---------- */

async function main(): Promise<number> {
  const settings = readSettings(process.argv.slice(2), process.env);
  let where: string;
  let schema: string | undefined;
  if (process.env.DATABASE_URL) {
    schema = uniqueSchema('sf_soak');
    where = `PostgreSQL from DATABASE_URL, schema ${schema}`;
  } else {
    process.env.DATABASE_URL = startThrowawayPostgres(settings.pgPort);
    where = `a throwaway PostgreSQL (${new URL(process.env.DATABASE_URL).host})`;
  }
  const databaseUrl = process.env.DATABASE_URL;

  const port = await freePort();
  const customersFile = join(ROOT, '.tmp', `soak-customers-${process.pid}.json`);
  cleanups.push(() => rmSync(customersFile, { force: true }));
  const firstEnv = serverEnv({
    port, schema,
    extra: { ...benchSeedEnv(customersFile, settings.customers, port), PAYMENT_TEST_PROVIDER: '1' },
  });
  // Restarts run on the same database without seeding again (that would top the wallets up outside the ledger).
  const restartEnv = { ...firstEnv };
  for (const key of BENCH_SEED_KEYS) delete restartEnv[key];

  const kills = settings.killEveryS ? Math.ceil((settings.minutes * 60) / settings.killEveryS) - 1 : 0;
  console.log(`Soak run: ${settings.customers} customers ordering for ${settings.minutes} min on ${where};`);
  console.log(kills
    ? `the API server is killed with SIGKILL and restarted every ${settings.killEveryS} s (${kills} kills).`
    : 'the API server is not killed (SOAK_KILL_EVERY_S is 0 or longer than the run).');
  console.log('  seeding the bench vendor and its customers…');
  const server = new ServerUnderTest(port, firstEnv, restartEnv);
  cleanups.push(() => {
    if (!passed) return console.log(`  server output kept: ${relative(ROOT, serverLog('<n>'))}`);
    for (let start = 1; start <= server.starts; start++) rmSync(serverLog(start), { force: true });
  });
  cleanups.push(() => server.stop());
  await server.start();
  const origin = server.current!.origin;
  const bench = JSON.parse(readFileSync(customersFile, 'utf8')) as BenchCustomers;
  if (bench.itemIds.length < 3) throw new Error(`the bench store has ${bench.itemIds.length} orderable items; the soak needs 3`);

  const db = await openDatabase({ databaseUrl, schema });
  cleanups.push(() => db.close());
  if (schema) cleanups.push(() => (passed ? dropSchema(databaseUrl, schema) : console.log(`  schema ${schema} kept for inspection`)));

  // Items: two with ample stock, one scarce (10 units per customer-minute: it runs out during the run unless the machine is very slow), the rest unlimited.
  const [ample1, ample2, scarce, ...unlimited] = bench.itemIds as [number, number, number, ...number[]];
  const scarceUnits = Math.round(10 * settings.customers * settings.minutes);
  const stock = new Map<number, number | null>([[ample1, 1_000_000], [ample2, 1_000_000], [scarce, scarceUnits]]);
  for (const id of unlimited) stock.set(id, null);
  const customers = new Customers(origin, bench, settings, { regular: [ample1, ample2, ...unlimited], scarce });
  const userIds = await Promise.all(bench.tokens.map((_, i) => customers.userId(i)));
  const baseline = await takeBaseline(db, bench, userIds, stock);
  await customers.loadStore();

  startedAt = performance.now();
  const runMs = settings.minutes * 60_000;
  const deadline = startedAt + runMs;
  console.log(`  ${clock(0)}  ordering`);
  const progressEvery = Math.max(15_000, runMs / 10);
  const progress = setInterval(() => {
    const acked = customers.attempts.filter((a) => a.outcome === 'acknowledged').length;
    console.log(`  ${clock(elapsed())}  ${customers.attempts.length} orders sent, ${acked} acknowledged, ${customers.stats.lostAnswers} answers lost, ${server.kills} kills`);
  }, progressEvery);
  cleanups.push(() => clearInterval(progress));

  const killing = (async () => {
    if (!settings.killEveryS) return;
    for (let k = 1; startedAt + k * settings.killEveryS * 1000 < deadline; k++) {
      await sleep(startedAt + k * settings.killEveryS * 1000 - performance.now());
      await server.killAndRestart();
    }
  })();
  await Promise.all([killing, ...bench.tokens.map((_, i) => customers.run(i, deadline))]);
  clearInterval(progress);
  console.log(`  ${clock(elapsed())}  done ordering; stopping the server and checking the database`);
  await server.stop();

  const result = await check(db, baseline, customers.attempts, userIds);
  const attempts = customers.attempts;
  const count = (test: (a: Attempt) => boolean) => attempts.filter(test).length;
  const acked = attempts.filter((a) => a.outcome === 'acknowledged');
  const retried = attempts.filter((a) => a.lostAnswers > 0);
  const refusals = new Map<string, number>();
  for (const a of attempts) if (a.outcome === 'refused') refusals.set(a.refusal!, (refusals.get(a.refusal!) ?? 0) + 1);
  const online = acked.filter((a) => a.payment);
  const payments = new Map<string, number>();
  for (const a of online) payments.set(a.payment!.status ?? 'unknown', (payments.get(a.payment!.status ?? 'unknown') ?? 0) + 1);
  const perMethod = (m: PaymentMethod) => count((a) => a.outcome === 'acknowledged' && a.request.payment_method === m);

  const rows: Array<[string, string | number]> = [
    ['orders attempted (idempotency keys sent)', attempts.length],
    ['acknowledged', `${acked.length} (wallet ${perMethod('wallet')}, cash ${perMethod('cash')}, online ${perMethod('online')})`],
    ['refused (no order written)', `${count((a) => a.outcome === 'refused')}${refusals.size ? ` (${[...refusals].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`],
    ['lost-then-retried (same key)', `${retried.length} (${count((a) => a.lostAnswers > 0 && !a.dropped)} lost to kills, ${count((a) => a.dropped === true)} dropped by the client; the order had been written before the answer was lost: ${count((a) => a.replayedAfterLoss === true)})`],
    ['unacknowledged but created (answer lost)', result.answerLostCreated],
    ['gave up without an answer', `${count((a) => a.outcome === 'gave up')} (other calls: ${customers.stats.gaveUpOther})`],
    ['double submits (same key sent again)', `${count((a) => a.doubleSubmit !== undefined)} (answered as a replay of the same order: ${count((a) => a.doubleSubmit === 'replayed')})`],
    ['duplicates (must be 0)', result.failures.duplicates],
    ['lost (must be 0)', result.failures.lost],
    ['wallet mismatches (must be 0)', result.failures.wallet],
    ['stock mismatches (must be 0)', result.failures.stock],
    ['kills (SIGKILL)', `${server.kills}${server.downtimes.length ? ` (back in ${(Math.min(...server.downtimes) / 1000).toFixed(1)}–${(Math.max(...server.downtimes) / 1000).toFixed(1)} s)` : ''}`],
  ];
  const headline: Check[] = ['duplicates', 'lost', 'wallet', 'stock'];
  for (const name of (Object.keys(CHECKS) as Check[]).filter((check) => !headline.includes(check))) {
    rows.push([`${CHECKS[name]} (must be 0)`, result.failures[name]]);
  }
  rows.push(
    ['orders in the database', result.ordersInDb],
    ['online payments, status after the page', online.length ? [...payments].map(([k, n]) => `${k} ${n}`).join(', ') : 'none'],
    ['carts found sold out at the quote', customers.stats.soldOutQuotes],
    ['answers lost (all calls)', `${customers.stats.lostAnswers} (5xx among them: ${customers.stats.serverErrors})`],
    ['server exits not caused by the soak', server.crashes],
  );
  for (const item of result.items) {
    const opening = stock.get(item.id)!;
    const role = item.id === scarce ? 'scarce' : opening === null ? 'unlimited' : 'ample';
    rows.push([`stock of item ${item.id} (${role})`, opening === null
      ? `unlimited, ${item.taken} units ordered`
      : `${opening} at the start, ${item.taken} held by orders, ${item.stock} left`]);
  }
  console.log('\nSoak results');
  for (const [label, value] of rows) console.log(`  ${label.padEnd(52)} ${value}`);

  const problems = (Object.keys(CHECKS) as Check[]).filter((name) => result.failures[name] > 0).map((name) => `${CHECKS[name]}: ${result.failures[name]}`);
  if (!acked.length) problems.push('no order was acknowledged');
  passed = problems.length === 0;
  console.log(passed ? '\nPASS: every acknowledged order exists exactly once; wallets and stock match the ledger.'
    : `\nFAIL: ${problems.join('; ')}`);
  return passed ? 0 : 1;
}

let passed = false;
let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error instanceof UsageError ? error.message : `\nsoak: ${(error as Error).stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(code);
