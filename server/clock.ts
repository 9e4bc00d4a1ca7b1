/**
 * The server's clock: where "now" comes from whenever the server decides what a store's
 * opening hours mean.
 *
 * Production, and every run that does not ask for anything else, uses the system time.
 * A test run can start the server on a test clock instead (SF_TEST_CLOCK=<ISO instant>,
 * never honoured when NODE_ENV=production): it begins at that instant when the server
 * starts and runs on in real time, so a suite can be run at 03:00 or 15:00 store time
 * whatever the hour really is.
 *
 * What reads this clock ("store time"):
 * - whether a store is open now (the open-now SQL of store lists, store detail, pricing and
 *   place_order), and a closed store's next opening;
 * - the earliest and latest schedule slot place_order accepts;
 * - a coupon's start and expiry (listing, redeeming, auto-applying, placing), so that one
 *   request judges the store and its offers at the same instant.
 *
 * What stays on the real time (bookkeeping; the database's now() or Date.now()):
 * - created_at / updated_at / status_changed_at and the other row timestamps;
 * - sessions, one-time codes and their expiry, online payment sessions and their sweeper,
 *   order image clean-up, the vendor cache;
 * - the demo order simulator: it moves an order one step per pace measured from the order's
 *   last status change (a real timestamp), and starts scheduled orders without looking at
 *   their slot, so it reads no store time at all.
 */
export interface Clock {
  /** The current instant on this clock. */
  now(): Date;
  /** The instant a test clock started from; undefined on the system clock. */
  readonly testStart: Date | undefined;
}

export const systemClock: Clock = {
  now: () => new Date(),
  testStart: undefined,
};

/**
 * A clock that reads `start` now and advances in real time from here on.
 * `realNow` (milliseconds) is the time source it advances with, for unit tests.
 */
export function testClock(start: Date, realNow: () => number = Date.now): Clock {
  const startMs = start.getTime();
  if (!Number.isFinite(startMs)) throw new Error('A test clock needs a valid start instant');
  const origin = realNow();
  return {
    now: () => new Date(startMs + (realNow() - origin)),
    testStart: new Date(startMs),
  };
}

/** An ISO 8601 date and time with its offset (Z or ±hh:mm), e.g. 2026-11-24T03:00:00-08:00. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads a test clock's start instant. The offset is required: an instant without one would
 * mean different moments on different machines.
 */
export function parseInstant(text: string): Date {
  const trimmed = text.trim();
  const at = new Date(trimmed);
  if (!ISO_INSTANT.test(trimmed) || !Number.isFinite(at.getTime())) {
    throw new Error(`Not an ISO instant with an offset: "${text}" (e.g. 2026-11-24T03:00:00-08:00)`);
  }
  return at;
}
