// Test-only: reads the event stream (GET /api/v2/events/stream) over real HTTP, as a browser would.
import type { OrderStatusChange } from '../../contract/api/realtime.ts';
import { parseFrames, type StreamFrame } from '../../contract/rules/event-stream.ts';

export interface OpenStream {
  status: number;
  frames: StreamFrame[];
  /** Resolves with the first frame (already read or still to come) that matches; rejects after `ms`. */
  next(match: (frame: StreamFrame) => boolean, ms?: number): Promise<StreamFrame>;
  /** The order_status events read so far. */
  events(): OrderStatusChange[];
  close(): void;
}

export async function openStream(origin: string, options: { token: string; tracking?: string; host?: string; after?: number; lastEventId?: number }): Promise<OpenStream> {
  const controller = new AbortController();
  const url = new URL('/api/v2/events/stream', origin);
  if (options.after !== undefined) url.searchParams.set('after', String(options.after));
  if (options.tracking !== undefined) url.searchParams.set('tracking', options.tracking);
  const headers: Record<string, string> = { 'x-storefront-host': options.host ?? 'localhost', accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const response = await fetch(url, { headers, signal: controller.signal });
  const frames: StreamFrame[] = [];
  const waiters = new Set<() => void>();
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          const parsed = parseFrames(buffer);
          buffer = parsed.rest;
          frames.push(...parsed.frames);
          for (const wake of [...waiters]) wake();
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: response.status,
    frames,
    next(match, ms = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    events: () => frames.filter((frame) => frame.event === 'order_status').map((frame) => frame.data as OrderStatusChange),
    close: () => controller.abort(),
  };
}
