import type { OrderModeName, OrderStatus } from '../../contract/api/order-states.ts';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/tx.ts';
import { nextStep, transition, TransitionError } from './order-status.ts';

/**
 * Demo order simulator: stands in for the store and the driver so the demo shows an order's
 * whole life. Every open order whose status is older than the pace moves one step forward
 * (never past delivered, never cancelled, never a payment state). Scheduled orders are started
 * too, as if their slot had come: the demo pretends time passes.
 *
 * One order per transaction, picked with FOR UPDATE SKIP LOCKED, so several server processes
 * on one PostgreSQL share the work without moving an order twice; the same SQL runs on PGlite.
 */
const ADVANCING: readonly OrderStatus[] = ['scheduled', 'placed', 'confirmed', 'preparing', 'waiting', 'on_the_way', 'arrived'];
/** Orders moved per tick at most, so one tick stays short. */
const BATCH = 100;

export interface Simulator {
  /** Advances every due order one step; answers how many moved. */
  tick(): Promise<number>;
  /** Stops the timer and waits for a running tick. */
  stop(): Promise<void>;
}

/** Moves one due order a step; false when none is due. */
async function advanceOne(db: Db, stepSeconds: number, skip: number[]): Promise<number | false> {
  return inTransaction(db, async (c) => {
    const { rows } = await c.query<{ id: number; vendor_id: number; status: OrderStatus; order_mode: OrderModeName }>(
      `SELECT id, vendor_id, status, order_mode FROM orders
       WHERE status = ANY($1::text[]) AND status_changed_at <= now() - make_interval(secs => $2)
         AND NOT (id = ANY($3::bigint[]))
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

export function startSimulator(db: Db, stepSeconds: number, onError: (error: unknown) => void = () => {}): Simulator {
  let stopped = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const tick = async (): Promise<number> => {
    const seen: number[] = [];
    while (!stopped && seen.length < BATCH) {
      const moved = await advanceOne(db, stepSeconds, seen);
      if (moved === false) break;
      seen.push(moved);
    }
    return seen.length;
  };

  // Check a few times per step so an order waits about one pace, never much longer.
  const everyMs = Math.min(1000, Math.max(20, (stepSeconds * 1000) / 4));
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().catch((error: unknown) => (onError(error), 0));
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
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
