import { atom } from 'nanostores';
import type { EventsPage, RealtimeEvent } from '../../../contract/api/realtime.ts';
import { EVENTS_HEARTBEAT_MS, EVENTS_STREAM_PATH, parseFrames } from '../../../contract/rules/event-stream.ts';
import { $config } from '../platform/config.ts';
import { shared } from '../platform/registry.ts';
import { $token } from '../session/session-state.ts';

/**
 * The live channel of the signed-in customer (contract/api/realtime.ts): one connection per page,
 * shared by every view that listens, open while anyone listens and a customer is signed in.
 *
 * It streams server-sent events through fetch (the bearer header goes with it), resumes after a
 * drop from the last event id, and tells its listeners to reload what they show (`resync`) each
 * time it is (re)connected, so nothing that happened while it was away is missed. Where streams do
 * not get through (a proxy that buffers, a network that blocks them) it asks for the same events
 * every few seconds instead, and tries the stream again now and then.
 */

export type ChannelState = 'idle' | 'connecting' | 'live' | 'polling' | 'offline';

export interface ChannelListener {
  /** An event of the customer's. */
  event?(event: RealtimeEvent): void;
  /** Reload what is shown: the channel (re)connected, or more happened than it replays. */
  resync?(): void;
}

/** Failed stream tries in a row before falling back to asking every EVENTS_POLL_MS. */
export const STREAM_TRIES_BEFORE_POLLING = 3;
/** How often events are asked for when streams do not get through. */
export const EVENTS_POLL_MS = 5000;
/** How often, while asking, the stream is tried again. */
export const STREAM_RETRY_WHILE_POLLING_MS = 60_000;
/** A stream that has not said `ready` this long after asking is taken as held back by the network. */
const READY_TIMEOUT_MS = 10_000;
/** A live stream silent this long (keep-alives included) is taken as lost. */
const SILENCE_LIMIT_MS = EVENTS_HEARTBEAT_MS * 2 + 5000;
/** Longest pause between stream tries. */
const MAX_BACKOFF_MS = 15_000;

/**
 * How a connection proves whose events it reads: the customer's session token, or the query of a link
 * followed without signing in (`tracking=<token>`; a group's guest: `group=<token>&member_key=<key>`).
 */
type Credential = { token: string; query?: undefined } | { query: string; token?: undefined };

interface Channel {
  listeners: Set<ChannelListener>;
  state: ReturnType<typeof atom<ChannelState>>;
  /** Stops the running connection; null while none runs. */
  stop: (() => void) | null;
  unwatchToken: (() => void) | null;
  /** The credential now, null while none (a signed-out customer). */
  credential: () => Credential | null;
}

function newChannel(credential: () => Credential | null): Channel {
  return { listeners: new Set(), state: atom<ChannelState>('idle'), stop: null, unwatchToken: null, credential };
}

/** The signed-in customer's channel (their orders, their chat). */
const customerChannel = shared('realtime.channel', () => newChannel(() => ($token.get() ? { token: $token.get() } : null)));
/** One channel per tracking link followed on the page (its one order). */
const linkChannels = shared('realtime.link-channels', () => new Map<string, Channel>());

/** How the customer's channel is doing, for a status line (live, reconnecting, offline). */
export const $channelState = customerChannel.state;

function dispatch(channel: Channel, call: (listener: ChannelListener) => void): void {
  for (const listener of [...channel.listeners]) {
    try {
      call(listener);
    } catch (error) {
      console.error(error);
    }
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Resolves when the browser is back online (or at once when it is), or on abort. */
function online(signal: AbortSignal): Promise<void> {
  if (!isOffline() || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      globalThis.window?.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    globalThis.window?.addEventListener('online', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`event stream answered ${status}`);
  }
}

function request(credential: Credential, path: string, after: number, accept: string): { url: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'X-Storefront-Host': $config.get().host, Accept: accept };
  let url = `${$config.get().apiBase}${path}?after=${after}`;
  if (credential.token !== undefined) headers.Authorization = `Bearer ${credential.token}`;
  else url += `&${credential.query}`;
  return { url, headers };
}

/**
 * Reads one stream until it ends. Answers whether it got to `ready` (a working stream); throws
 * StreamRefused for an HTTP refusal, any other error for a stream that did not get through.
 */
async function readStream(channel: Channel, credential: Credential, cursor: { id: number }, signal: AbortSignal): Promise<boolean> {
  const local = new AbortController();
  const abort = () => local.abort();
  signal.addEventListener('abort', abort, { once: true });
  // A stream that says nothing is treated as dead: before `ready` (a proxy holding it back) and after
  // (the server sends a keep-alive every EVENTS_HEARTBEAT_MS, so silence means a lost connection).
  let silence: ReturnType<typeof setTimeout> | undefined;
  const expectWithin = (ms: number) => {
    clearTimeout(silence);
    silence = setTimeout(abort, ms);
  };
  let ready = false;
  try {
    expectWithin(READY_TIMEOUT_MS);
    const { url, headers } = request(credential, EVENTS_STREAM_PATH, cursor.id, 'text/event-stream');
    const response = await fetch(url, { headers, signal: local.signal, cache: 'no-store' });
    if (!response.ok) throw new StreamRefused(response.status);
    if (!response.body) throw new Error('no stream');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return ready;
      expectWithin(ready ? SILENCE_LIMIT_MS : READY_TIMEOUT_MS);
      const parsed = parseFrames(buffer + value);
      buffer = parsed.rest;
      for (const frame of parsed.frames) {
        if (frame.event === 'ready') {
          if (frame.id !== undefined) cursor.id = frame.id;
          ready = true;
          expectWithin(SILENCE_LIMIT_MS);
          channel.state.set('live');
          dispatch(channel, (listener) => listener.resync?.());
        } else if (frame.event === 'resync') {
          dispatch(channel, (listener) => listener.resync?.());
        } else if (frame.event === 'expired') {
          throw new StreamRefused(401);
        } else if (typeof frame.data === 'object' && frame.data !== null && 'kind' in frame.data) {
          // Kept events move the cursor; driver positions (no id) are passed on as they come.
          if (frame.id !== undefined) cursor.id = frame.id;
          const event = frame.data as RealtimeEvent;
          dispatch(channel, (listener) => listener.event?.(event));
        }
      }
    }
  } catch (error) {
    // A stream that was live and then fell silent or dropped still worked: reconnect soon.
    if (ready && !signal.aborted && !(error instanceof StreamRefused)) return true;
    throw error;
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', abort);
  }
}

/** One ask for the events after the cursor (the polling fallback). */
async function pollOnce(channel: Channel, credential: Credential, cursor: { id: number }, signal: AbortSignal): Promise<void> {
  const { url, headers } = request(credential, '/events', cursor.id, 'application/json');
  const response = await fetch(url, { headers, signal, cache: 'no-store' });
  if (!response.ok) throw new StreamRefused(response.status);
  const answer = (await response.json()) as { code?: number; Result?: EventsPage };
  const page = answer.Result;
  if (!page) throw new Error('no page');
  const first = cursor.id === 0;
  cursor.id = page.last_id;
  if (first || page.resync) dispatch(channel, (listener) => listener.resync?.());
  for (const event of page.events) dispatch(channel, (listener) => listener.event?.(event));
}

/**
 * A refused session or link stops the channel: the storefront's next call ends the session, the tracking
 * view says the link no longer works.
 */
const isRefusal = (error: unknown) => error instanceof StreamRefused && [401, 403, 404, 410].includes(error.status);

const pageHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

async function run(channel: Channel, credential: Credential, signal: AbortSignal): Promise<void> {
  const cursor = { id: 0 };
  let failures = 0;
  let pollingSince: number | null = null;
  let attempt: AbortController | undefined;
  // Going offline ends the stream at once (a dead socket can take minutes to notice); coming back reconnects.
  const onOffline = () => {
    channel.state.set('offline');
    attempt?.abort();
  };
  globalThis.window?.addEventListener('offline', onOffline);
  try {
    while (!signal.aborted) {
      if (isOffline()) {
        channel.state.set('offline');
        await online(signal);
        continue;
      }
      const current = new AbortController();
      attempt = current;
      const abortAttempt = () => current.abort();
      signal.addEventListener('abort', abortAttempt, { once: true });
      try {
        if (pollingSince !== null && Date.now() - pollingSince < STREAM_RETRY_WHILE_POLLING_MS) {
          channel.state.set('polling');
          if (!pageHidden()) {
            const refused = await pollOnce(channel, credential, cursor, current.signal).then(() => false, isRefusal);
            if (refused) return;
          }
          await sleep(EVENTS_POLL_MS, current.signal);
          continue;
        }
        if (channel.state.get() !== 'polling') channel.state.set('connecting');
        try {
          if (await readStream(channel, credential, cursor, current.signal)) {
            failures = 0;
            pollingSince = null;
          } else {
            failures++;
          }
        } catch (error) {
          if (signal.aborted) return;
          if (current.signal.aborted) continue; // went offline: wait to be back
          if (isRefusal(error)) return;
          failures++;
        }
      } finally {
        signal.removeEventListener('abort', abortAttempt);
      }
      if (signal.aborted) return;
      if (pollingSince !== null || failures >= STREAM_TRIES_BEFORE_POLLING) {
        pollingSince = Date.now();
        failures = 0;
        continue;
      }
      channel.state.set('connecting');
      const pause = failures === 0 ? 500 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1));
      await sleep(pause * (0.75 + Math.random() / 2), signal);
    }
  } finally {
    globalThis.window?.removeEventListener('offline', onOffline);
  }
}

/** Starts or stops the channel's connection to match: someone listens and it has a credential. */
function reconcile(channel: Channel): void {
  const credential = channel.credential();
  channel.stop?.();
  channel.stop = null;
  channel.state.set('idle');
  if (channel.listeners.size === 0 || !credential) return;
  const controller = new AbortController();
  channel.stop = () => controller.abort();
  void run(channel, credential, controller.signal)
    .catch((error: unknown) => console.error(error))
    .finally(() => {
      if (!controller.signal.aborted) channel.state.set('idle');
    });
}

function addListener(channel: Channel, listener: ChannelListener, onEmpty: () => void): () => void {
  channel.listeners.add(listener);
  if (channel.listeners.size === 1 || !channel.stop) reconcile(channel);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    channel.listeners.delete(listener);
    if (channel.listeners.size === 0) {
      onEmpty();
      reconcile(channel);
    }
  };
}

/**
 * Listens to the signed-in customer's live channel; answers the stop. The listener's `resync` runs
 * each time the channel is (re)connected: load what is shown then, and apply events after.
 */
export function listenToChannel(listener: ChannelListener): () => void {
  const channel = customerChannel;
  if (!channel.unwatchToken) {
    let last = $token.get();
    channel.unwatchToken = $token.listen((token) => {
      if (token !== last) {
        last = token;
        reconcile(channel);
      }
    });
  }
  return addListener(channel, listener, () => {
    channel.unwatchToken?.();
    channel.unwatchToken = null;
  });
}

/** Listens without signing in, on a channel of its own per link `query` (see Credential); answers the stop. */
export function listenToLink(query: string, listener: ChannelListener): () => void {
  let channel = linkChannels.get(query);
  if (!channel) linkChannels.set(query, (channel = newChannel(() => ({ query }))));
  const own = channel;
  return addListener(own, listener, () => {
    if (linkChannels.get(query) === own) linkChannels.delete(query);
  });
}

/** Listens to the events of the one order a tracking link names (no sign-in); answers the stop. */
export const listenToTrackingLink = (tracking: string, listener: ChannelListener) => listenToLink(`tracking=${encodeURIComponent(tracking)}`, listener);
