import type { IncomingMessage } from 'node:http';
/**
 * The local push service double (service.ts): stand-in browser subscriptions and the messages the server
 * sends them, decrypted. The doubles' server (../server.ts) serves it under /push.
 */
export { MAX_PUSH_BODY, PushDouble, type PushRequest, type PushSubscriptionJson, type ReceivedPush } from './service.ts';
export { checkVapid, VAPID_MAX_AHEAD_SECONDS } from './vapid.ts';

/** Reads a request's body as bytes (a push message is binary); one past `limit` ends the request. */
export function readBytes(request: IncomingMessage, limit = 1 << 20): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) request.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
