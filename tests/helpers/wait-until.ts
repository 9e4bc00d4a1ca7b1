import { waitUntil as openWcWaitUntil } from '@open-wc/testing';

/**
 * open-wc's waitUntil with a 10 s default instead of 1 s: element tests wait on a
 * real server and a real browser, which a loaded CI machine makes slow.
 */
export function waitUntil(
  predicate: () => unknown | Promise<unknown>,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return openWcWaitUntil(predicate, message, { timeout: 10_000, ...options });
}
