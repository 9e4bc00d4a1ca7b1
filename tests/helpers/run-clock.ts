import { parseInstant } from '../../server/clock.ts';

/**
 * The store time an e2e run is set at: E2E_CLOCK, an ISO instant with its offset
 * (e.g. 2026-11-24T03:00:00-08:00, 03:00 in Los Angeles). playwright.config.ts starts the
 * server's clock there (SF_TEST_CLOCK) and tests/helpers/test.ts sets every page's clock to
 * the server's. Unset: server and browser both run at the real time.
 */
export const E2E_CLOCK: Date | undefined = process.env.E2E_CLOCK ? parseInstant(process.env.E2E_CLOCK) : undefined;
