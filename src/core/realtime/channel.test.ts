// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '../../../contract/api/realtime.ts';
import { formatFrame } from '../../../contract/rules/event-stream.ts';
import { $token } from '../session/session-state.ts';
import { $channelState, EVENTS_POLL_MS, listenToChannel, listenToTrackingLink, STREAM_TRIES_BEFORE_POLLING } from './channel.ts';

/** A stream the test writes frames into and ends; aborting its request errors it, as in a browser. */
function stream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: { ok: true, status: 200, body, abort: () => controller.error(new DOMException('aborted', 'AbortError')) },
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

interface Asked {
  url: URL;
  headers: Record<string, string>;
  signal: AbortSignal;
}

const asked: Asked[] = [];
let answer: (request: Asked) => unknown;

const event = (id: number, order_id: number): RealtimeEvent => ({ id, kind: 'order_status', order_id, at: '', data: { from: 'placed', status: 'confirmed' } });
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  asked.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => {
    const request = { url: new URL(url, 'http://localhost'), headers: init.headers, signal: init.signal };
    asked.push(request);
    const response = answer(request) as { abort?: () => void };
    if (response.abort) init.signal.addEventListener('abort', response.abort, { once: true });
    return response;
  }));
  $token.set('a'.repeat(43));
});
afterEach(() => {
  $token.set('');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the live channel', () => {
  it('streams with the bearer token, asks listeners to reload when ready, hands on events and resumes from the last id after a drop', async () => {
    const streams = [stream(), stream()];
    answer = () => streams[asked.length - 1]!.response;
    const events: RealtimeEvent[] = [];
    let resyncs = 0;
    const stop = listenToChannel({ event: (e) => events.push(e), resync: () => resyncs++ });
    await settle();
    expect(asked[0]!.url.pathname).toMatch(/\/events\/stream$/);
    expect(asked[0]!.url.searchParams.get('after')).toBe('0');
    expect(asked[0]!.headers.Authorization).toBe(`Bearer ${'a'.repeat(43)}`);
    streams[0]!.write(`retry: 3000\n\n${formatFrame('ready', 40, { last_id: 40 })}`);
    await settle();
    expect($channelState.get()).toBe('live');
    expect(resyncs).toBe(1);
    streams[0]!.write(formatFrame('order_status', 41, event(41, 7)).slice(0, 20));
    await settle();
    streams[0]!.write(formatFrame('order_status', 41, event(41, 7)).slice(20));
    await settle();
    // A driver's position has no id: handed on, the cursor stays.
    const moved: RealtimeEvent = { id: 0, kind: 'driver_position', order_id: 7, at: '', data: { latitude: 1, longitude: 2, heading: null, distance_left_km: 1, eta_minutes: 2 } };
    streams[0]!.write(formatFrame('driver_position', undefined, moved));
    await settle();
    expect(events).toEqual([event(41, 7), moved]);
    streams[0]!.end();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked[1]!.url.searchParams.get('after')).toBe('41');
    streams[1]!.write(formatFrame('ready', 41, { last_id: 41 }));
    await settle();
    expect(resyncs).toBe(2);
    stop();
    expect(asked[1]!.signal.aborted).toBe(true);
    expect($channelState.get()).toBe('idle');
  });

  it('asks for the events every few seconds where streams do not get through, and tells listeners of them', async () => {
    let polls = 0;
    answer = (request) => {
      if (request.url.pathname.endsWith('/stream')) return { ok: false, status: 502, body: null };
      polls++;
      const page = polls === 1 ? { events: [], last_id: 5, resync: false } : polls === 2 ? { events: [event(6, 3)], last_id: 6, resync: false } : { events: [], last_id: 6, resync: false };
      return { ok: true, status: 200, json: async () => ({ code: 200, Result: page }) };
    };
    const events: RealtimeEvent[] = [];
    let resyncs = 0;
    const stop = listenToChannel({ event: (e) => events.push(e), resync: () => resyncs++ });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked.filter((request) => request.url.pathname.endsWith('/stream'))).toHaveLength(STREAM_TRIES_BEFORE_POLLING);
    expect($channelState.get()).toBe('polling');
    await vi.advanceTimersByTimeAsync(EVENTS_POLL_MS);
    const pollsAsked = asked.filter((request) => request.url.pathname.endsWith('/events'));
    expect(pollsAsked.map((request) => request.url.searchParams.get('after')).slice(0, 2)).toEqual(['0', '5']);
    expect(resyncs).toBe(1);
    expect(events).toEqual([event(6, 3)]);
    stop();
  });

  it('stops on a refused session and starts again for the next sign-in; never connects for a guest', async () => {
    answer = () => ({ ok: false, status: 401, body: null });
    const stop = listenToChannel({});
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked).toHaveLength(1);
    $token.set('');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked).toHaveLength(1);
    const next = stream();
    answer = () => next.response;
    $token.set('b'.repeat(43));
    await settle();
    expect(asked).toHaveLength(2);
    expect(asked[1]!.headers.Authorization).toBe(`Bearer ${'b'.repeat(43)}`);
    stop();
  });

  it('drops the stream on going offline and resumes from the last id on coming back', async () => {
    const streams = [stream(), stream()];
    answer = () => streams[asked.length - 1]!.response;
    const stop = listenToChannel({});
    await settle();
    streams[0]!.write(formatFrame('ready', 9, { last_id: 9 }));
    await settle();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await settle();
    expect(asked[0]!.signal.aborted).toBe(true);
    expect($channelState.get()).toBe('offline');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked).toHaveLength(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(asked).toHaveLength(2);
    expect(asked[1]!.url.searchParams.get('after')).toBe('9');
    onLine.mockRestore();
    stop();
  });

  it('follows a tracking link without the bearer token, each link on its own connection, and stops when the link is refused', async () => {
    $token.set('');
    const streams = [stream(), stream()];
    answer = (request) => (request.url.searchParams.get('tracking') === 'gone' ? { ok: false, status: 410, body: null } : streams[0]!.response);
    let resyncs = 0;
    const stop = listenToTrackingLink('12.999.sig', { resync: () => resyncs++ });
    await settle();
    expect(asked[0]!.url.searchParams.get('tracking')).toBe('12.999.sig');
    expect(asked[0]!.headers.Authorization).toBeUndefined();
    streams[0]!.write(formatFrame('ready', 3, { last_id: 3 }));
    await settle();
    expect(resyncs).toBe(1);
    const gone = listenToTrackingLink('gone', {});
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked.filter((request) => request.url.searchParams.get('tracking') === 'gone')).toHaveLength(1);
    gone();
    stop();
    expect(asked[0]!.signal.aborted).toBe(true);
  });
});
