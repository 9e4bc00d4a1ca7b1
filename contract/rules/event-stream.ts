/**
 * The server-sent events wire format of the live channel (contract/api/realtime.ts), written by
 * the server and read by the storefront (which reads the stream with fetch, so that it can send
 * the bearer header EventSource cannot). One data line per frame: the data is one line of JSON.
 */

/** The stream's path, relative to the API's base (API_VERSION_PATH). */
export const EVENTS_STREAM_PATH = '/events/stream';

/** Events a stream or a page replays at most; past it the stream says `resync`. */
export const EVENTS_REPLAY_LIMIT = 200;

/** How often the stream sends a keep-alive comment, so proxies do not close an idle stream. */
export const EVENTS_HEARTBEAT_MS = 20_000;

export interface StreamFrame {
  /** `message` when the frame names none. */
  event: string;
  /** The frame's `id`, the cursor to resume from; undefined when it has none. */
  id: number | undefined;
  data: unknown;
}

/** One frame; JSON.stringify never writes a line break, so the data is one line. */
export function formatFrame(event: string, id: number | undefined, data: unknown): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Reads the complete frames of `text` (comments and retry lines skipped, a frame whose data is not
 * JSON dropped); answers them and the unfinished rest to prepend to the next chunk.
 */
export function parseFrames(text: string): { frames: StreamFrame[]; rest: string } {
  const frames: StreamFrame[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    let id: number | undefined;
    let data = '';
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const field = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id' && /^\d{1,16}$/.test(value)) id = Number(value);
      else if (field === 'data') data += value;
    }
    if (!data) continue;
    try {
      frames.push({ event, id, data: JSON.parse(data) as unknown });
    } catch {
      // not ours: skipped
    }
  }
  return { frames, rest };
}
