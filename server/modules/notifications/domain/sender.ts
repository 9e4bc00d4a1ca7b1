import webpush, { type RequestDetails } from 'web-push';
import type { PushMessage } from '../../../../contract/api/notifications.ts';
import type { CheckedSubscription } from './subscriptions.ts';
import type { VapidKeys } from './vapid-keys.ts';

/**
 * Sends one Web Push message (RFC 8030) to one subscription: `web-push` encrypts the payload for the
 * browser (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292); the request itself goes out with
 * fetch, which also reaches the local push double over http (web-push's own sender speaks https only).
 */

export interface SendOptions {
  vapid: VapidKeys;
  /** The VAPID `sub` claim: an https address or a mailto of the vendor. */
  subject: string;
  /** Seconds the push service keeps the message for an unreachable browser. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces a message of the same topic the push service still holds (at most 32 URL-safe characters). */
  topic?: string;
}

export type SendOutcome =
  /** The push service took the message. */
  | { kind: 'sent'; status: number }
  /** The subscription is no more (404, 410): it is to be deleted. */
  | { kind: 'gone'; status: number }
  /** Anything else (refused, unreachable, timed out): the subscription stays. */
  | { kind: 'failed'; status?: number; reason: string };

/** How long a push service may take to answer. */
export const SEND_TIMEOUT_MS = 10_000;

export async function sendPush(subscription: CheckedSubscription, message: PushMessage, options: SendOptions): Promise<SendOutcome> {
  let details: RequestDetails;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: options.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey },
        TTL: options.ttl,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
        ...(options.topic ? { topic: options.topic } : {}),
      },
    );
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  // fetch counts the body's length itself.
  const headers = Object.fromEntries(
    Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]),
  );
  let response: Response;
  try {
    response = await fetch(subscription.endpoint, {
      method: 'POST', headers, body: details.body ? new Uint8Array(details.body) : null, redirect: 'manual', signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  const status = response.status;
  const said = await response.text().catch(() => '');
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  return { kind: 'failed', status, reason: said.slice(0, 200) };
}
