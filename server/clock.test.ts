import { describe, expect, it } from 'vitest';
import { parseInstant, systemClock, testClock } from './clock.ts';
import { readConfig } from './config.ts';

describe('clock', () => {
  it('the system clock reads the real time and has no test start', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    expect(systemClock.testStart).toBeUndefined();
  });

  it('a test clock starts at its instant and advances in real time', () => {
    let real = 1_000_000;
    const clock = testClock(new Date('2026-11-24T03:00:00-08:00'), () => real);
    expect(clock.now().toISOString()).toBe('2026-11-24T11:00:00.000Z');
    real += 90_500;
    expect(clock.now().toISOString()).toBe('2026-11-24T11:01:30.500Z');
    expect(clock.testStart?.toISOString()).toBe('2026-11-24T11:00:00.000Z');
    // Each call is a new Date: callers cannot move the clock by changing one.
    clock.now().setFullYear(2000);
    expect(clock.now().getUTCFullYear()).toBe(2026);
  });

  it('reads ISO instants with an offset and refuses anything else', () => {
    expect(parseInstant('2026-11-24T03:00:00-08:00').toISOString()).toBe('2026-11-24T11:00:00.000Z');
    expect(parseInstant('2026-11-24T15:00Z').toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(parseInstant(' 2026-11-24T15:00:00.250+04:00 ').toISOString()).toBe('2026-11-24T11:00:00.250Z');
    for (const bad of ['2026-11-24T03:00:00', '2026-11-24', 'tomorrow', '', '2026-13-40T03:00:00Z']) {
      expect(() => parseInstant(bad), bad).toThrow(/ISO instant/);
    }
  });
});

describe('test switches in the config', () => {
  it('are off unless named', () => {
    const config = readConfig({});
    expect(config.testClockStart).toBeUndefined();
    expect(config.testFixtures).toBe(false);
    expect(readConfig({ SF_TEST_FIXTURES: 'true' }).testFixtures).toBe(false);
  });

  it('SF_TEST_CLOCK and SF_TEST_FIXTURES=1 are read outside production', () => {
    const config = readConfig({ SF_TEST_CLOCK: '2026-11-24T15:00:00-08:00', SF_TEST_FIXTURES: '1', NODE_ENV: 'development' });
    expect(config.testClockStart?.toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(config.testFixtures).toBe(true);
    expect(() => readConfig({ SF_TEST_CLOCK: '3 am' })).toThrow(/ISO instant/);
  });

  it('are refused in production', () => {
    expect(() => readConfig({ NODE_ENV: 'production', SF_TEST_CLOCK: '2026-11-24T03:00:00-08:00' })).toThrow(/SF_TEST_CLOCK/);
    expect(() => readConfig({ NODE_ENV: 'production', SF_TEST_FIXTURES: '1' })).toThrow(/SF_TEST_FIXTURES/);
    // With what production needs besides (see tests/security/production-config.test.ts).
    const needed = { OTP_SECRET: 'o'.repeat(32), PAYMENT_LINK_SECRET: 'p'.repeat(32), TRACKING_LINK_SECRET: 't'.repeat(32), PUBLIC_URL: 'https://shop.example' };
    expect(readConfig({ NODE_ENV: 'production', ...needed }).production).toBe(true);
  });
});
