import type { OrderModeName, OrderStatus } from '../../../../contract/api/order-states.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import { pointAlong, routeLength } from '../../../../contract/rules/geo.ts';
import { nextStep, transition, TransitionError } from '../../order-status/index.ts';
import { DRIVER_SPEED_KMH, orderRoute, recordPosition } from './tracking.ts';

/**
 * Demo order simulator: stands in for the store and the driver so the demo shows an order's
 * whole life. Every open order whose status is older than the pace moves one step forward
 * (never past delivered, never cancelled, never a payment state). Scheduled orders are started
 * too, as if their slot had come: the demo pretends time passes.
 *
 * An order on its way to a door is driven there instead: its driver (assigned as it set off) moves along
 * the route at street speed, reporting a position every second, and the order arrives when they do.
 *
 * One order per transaction, picked with FOR UPDATE SKIP LOCKED, so several server processes
 * on one PostgreSQL share the work without moving an order twice; the same SQL runs on PGlite.
 */
const ADVANCING: readonly OrderStatus[] = ['scheduled', 'placed', 'confirmed', 'preparing', 'waiting', 'on_the_way', 'arrived'];
/** Orders moved per tick at most, so one tick stays short. */
const BATCH = 100;
/** An order on the way with a driver and a door to go to arrives by driving there, not by the clock. */
const driven = (o: string) => `(${o}.status = 'on_the_way' AND ${o}.driver_id IS NOT NULL AND ${o}.delivery_latitude IS NOT NULL AND ${o}.order_mode = 'delivery')`;
/** How often the demo's drivers report where they are. */
export const DRIVER_REPORT_MS = 1000;

/**
 * Moves one driven order's driver to where they are by now at `speedKmh` along the route, and makes the
 * order 'arrived' at the door. Skips orders whose driver reported within the last DRIVER_REPORT_MS
 * (another server process moved them). False when none is due.
 */
async function driveOne(db: Db, speedKmh: number, skip: number[]): Promise<number | false> {
  return inTransaction(db, async (c) => {
    const { rows } = await c.query<{ id: number; vendor_id: number; seconds: number }>(
      `SELECT o.id, o.vendor_id, extract(epoch FROM now() - o.driver_assigned_at)::float8 AS seconds FROM orders o
       WHERE ${driven('o')}
         AND NOT (o.id = ANY($1::bigint[]))
         AND NOT EXISTS (SELECT 1 FROM driver_positions p WHERE p.vendor_id = o.vendor_id AND p.order_id = o.id
                         AND p.recorded_at > now() - make_interval(secs => $2))
       ORDER BY o.id LIMIT 1 FOR UPDATE OF o SKIP LOCKED`,
      [skip, (DRIVER_REPORT_MS * 0.9) / 1000],
    );
    const order = rows[0];
    if (!order) return false;
    const route = (await orderRoute(c, order.vendor_id, order.id)) ?? [];
    const travelled = ((speedKmh * 1000) / 3600) * Math.max(0, order.seconds);
    const there = travelled >= routeLength(route);
    const { point, heading } = pointAlong(route, travelled);
    await recordPosition(c, order.vendor_id, order.id, { ...point, heading });
    if (there) await transition(c, order.vendor_id, order.id, 'arrived', 'simulator');
    return order.id;
  });
}

export interface Simulator {
  /** Advances every due order one step; answers how many moved. */
  tick(): Promise<number>;
  /** Moves every driver on the way to where they are by now (arriving at the door); answers how many. */
  drive(): Promise<number>;
  /** Stops the timer and waits for a running tick. */
  stop(): Promise<void>;
}

/** Moves one due order a step; false when none is due. */
async function advanceOne(db: Db, stepSeconds: number, skip: number[]): Promise<number | false> {
  return inTransaction(db, async (c) => {
    const { rows } = await c.query<{ id: number; vendor_id: number; status: OrderStatus; order_mode: OrderModeName }>(
      `SELECT id, vendor_id, status, order_mode FROM orders o
       WHERE status = ANY($1::text[]) AND status_changed_at <= now() - make_interval(secs => $2)
         AND NOT (id = ANY($3::bigint[])) AND NOT ${driven('o')}
       ORDER BY status_changed_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [ADVANCING, stepSeconds, skip],
    );
    const order = rows[0];
    if (!order) return false;
    const to = nextStep(order.status, order.order_mode);
    if (!to) return order.id;
    try {
      await transition(c, order.vendor_id, order.id, to, 'simulator');
    } catch (error) {
      if (!(error instanceof TransitionError)) throw error;
    }
    return order.id;
  });
}

export interface SimulatorOptions {
  /** How fast the demo's drivers go; street speed (DRIVER_SPEED_KMH) unless told. */
  driverSpeedKmh?: number;
  /** Orders the simulator leaves where they are, their drivers too (a browser test's order the store has not looked at yet). */
  held?: ReadonlySet<number>;
}

export function startSimulator(db: Db, stepSeconds: number, onError: (error: unknown) => void = () => {}, options: SimulatorOptions = {}): Simulator {
  const speedKmh = options.driverSpeedKmh ?? DRIVER_SPEED_KMH;
  let stopped = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** Runs `one` until it finds nothing more (or BATCH orders); answers how many it moved. */
  const drain = async (one: (skip: number[]) => Promise<number | false>): Promise<number> => {
    const seen: number[] = [];
    while (!stopped && seen.length < BATCH) {
      const moved = await one(seen);
      if (moved === false) break;
      seen.push(moved);
    }
    return seen.length;
  };
  const held = options.held ?? new Set<number>();
  const withHeld = (skip: number[]) => (held.size ? [...skip, ...held] : skip);
  const tick = () => drain((skip) => advanceOne(db, stepSeconds, withHeld(skip)));
  const drive = () => drain((skip) => driveOne(db, speedKmh, withHeld(skip)));

  // Check a few times per step so an order waits about one pace, never much longer; drivers report every second.
  const everyMs = Math.min(DRIVER_REPORT_MS, Math.max(20, (stepSeconds * 1000) / 4));
  let lastDrive = 0;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      const driveNow = Date.now() - lastDrive >= DRIVER_REPORT_MS;
      if (driveNow) lastDrive = Date.now();
      running = tick().then(async (moved) => moved + (driveNow ? await drive() : 0)).catch((error: unknown) => (onError(error), 0));
      void running.finally(() => {
        running = undefined;
        schedule();
      });
    }, everyMs);
    timer.unref();
  };
  schedule();

  return {
    tick,
    drive,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
