import { describe, expect, it } from 'vitest';
import { formatFrame, parseFrames } from './event-stream.ts';

describe('the live channel\'s frames', () => {
  it('reads back what the server writes, across chunk boundaries, skipping comments and retry lines', () => {
    const text = `retry: 3000\n\n: ping\n\n${formatFrame('order_status', 12, { order_id: 7, note: 'a: b\\n' })}${formatFrame('ready', 12, { last_id: 12 })}`;
    const cut = text.length - 10;
    const first = parseFrames(text.slice(0, cut));
    expect(first.frames).toEqual([{ event: 'order_status', id: 12, data: { order_id: 7, note: 'a: b\\n' } }]);
    const second = parseFrames(first.rest + text.slice(cut));
    expect(second).toEqual({ frames: [{ event: 'ready', id: 12, data: { last_id: 12 } }], rest: '' });
  });

  it('drops frames that are not JSON and ids that are not whole numbers, and takes CRLF line ends', () => {
    const { frames } = parseFrames('event: x\ndata: {nope\n\nid: -4\r\nevent: y\r\ndata: 1\r\n\r\n');
    expect(frames).toEqual([{ event: 'y', id: undefined, data: 1 }]);
  });
});
