// The subscribers of the realtime bench (scripts/bench-realtime.mts), in a process of their own so the
// server's memory is its own: one event stream per token, as many at once as tokens. Prints `READY n`
// once every stream said `ready`, then, after the run, one JSON line with each driver position's
// delivery latency (receive time minus the event's time, one machine, one clock).
import { parseFrames } from '../contract/rules/event-stream.ts';

const [origin, host, tokensFile, seconds] = process.argv.slice(2);
const { readFileSync } = await import('node:fs');
const tokens = JSON.parse(readFileSync(tokensFile, 'utf8'));
const latencies = [];
let ready = 0;
let failed = 0;
const controller = new AbortController();

async function subscribe(token) {
  const response = await fetch(`${origin}/api/v2/events/stream`, {
    headers: { authorization: `Bearer ${token}`, 'x-storefront-host': host, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    const parsed = parseFrames(buffer + decoder.decode(chunk, { stream: true }));
    buffer = parsed.rest;
    const now = Date.now();
    for (const frame of parsed.frames) {
      if (frame.event === 'ready' && ++ready === tokens.length) console.log(`READY ${ready}`);
      else if (frame.event === 'driver_position') latencies.push(now - Date.parse(frame.data.at));
    }
  }
}

for (const token of tokens) subscribe(token).catch((error) => {
  if (!controller.signal.aborted && failed++ === 0) console.error(`a stream failed: ${error.message}`);
});
// The run: until told to stop (stdin closes), at most `seconds` past the first READY plus a margin.
process.stdin.resume();
process.stdin.on('end', () => {
  controller.abort();
  console.log(JSON.stringify({ latencies, ready, failed }));
  process.exit(0);
});
setTimeout(() => process.stdin.emit('end'), (Number(seconds) + 120) * 1000).unref();
