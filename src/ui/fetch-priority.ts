import { version } from 'react';

/**
 * An image's fetch priority as props every React the package runs on takes: React 19 knows
 * `fetchPriority`, React 18 warns on it and passes the lowercase attribute through as it is (as Preact,
 * the script tag's React, does too: its compat layer says 18).
 */
export function fetchPriority(priority: 'high' | 'auto'): { fetchPriority: 'high' | 'auto' } | { fetchpriority: 'high' | 'auto' } {
  return Number.parseInt(version, 10) >= 19 ? { fetchPriority: priority } : { fetchpriority: priority };
}
