/**
 * Order notifications by Web Push (docs/server.md#notifications): the vendor's VAPID public key to
 * subscribe with, and the signed-in customer's browser subscriptions. What a notification says and
 * opens is contract/rules/notifications.ts.
 *
 * The storefront subscribes with `pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })`
 * (the key from `push-key`) and saves the subscription's endpoint and keys with `push-subscribe`. The
 * server then sends the customer's order steps, the driver's arrival and support's answers there, in
 * the language saved with it, while the customer stays signed in on that browser (signing out, or
 * deleting the account, ends them).
 */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, BaseRequest, post, Text, type Envelope } from './common.ts';

/** The longest push endpoint taken (the push services' own are a few hundred characters). */
export const MAX_PUSH_ENDPOINT = 2000;
/** The subscription's public key (p256dh) in base64url: 65 bytes are 87 characters (88 padded); a little room for padding. */
export const MAX_PUSH_P256DH = 100;
/** The subscription's auth secret in base64url: 16 bytes are 22 characters (24 padded). */
export const MAX_PUSH_AUTH = 50;

/** push-key: the vendor's VAPID public key (an uncompressed P-256 point in base64url), the subscription's applicationServerKey. */
export interface PushKey {
  public_key: string;
}

/** Whether the customer's notifications go to this endpoint. */
export interface PushStatus {
  subscribed: boolean;
}

/** The push endpoint as the subscription names it (`PushSubscription.endpoint`). */
const Endpoint = Text({ minLength: 1, maxLength: MAX_PUSH_ENDPOINT });

/**
 * push-subscribe: a browser's push subscription, its fields as `PushSubscription.toJSON()` gives them
 * (`endpoint`, `keys.p256dh`, `keys.auth`), flat. The endpoint is an https address (in development an
 * http one on a loopback host too: the local push double); the keys are base64url. `is_langauge` is
 * the language the notifications are written in. Saving an endpoint again moves it to this customer
 * and language.
 */
export const PushSubscribeRequest = Type.Object({
  ...BaseFields,
  endpoint: Endpoint,
  p256dh: Text({ minLength: 1, maxLength: MAX_PUSH_P256DH }),
  auth: Text({ minLength: 1, maxLength: MAX_PUSH_AUTH }),
});
export type PushSubscribeRequest = Static<typeof PushSubscribeRequest>;

/** push-unsubscribe and push-status: the subscription by its endpoint. */
export const PushEndpointRequest = Type.Object({ ...BaseFields, endpoint: Endpoint });
export type PushEndpointRequest = Static<typeof PushEndpointRequest>;

/**
 * What a notification carries, as JSON in the push message (encrypted for the browser alone): the
 * vendor's app name as its title, the text in the subscription's language, the storefront path it
 * opens (on the vendor's own origin), its tag (a newer status of the same order replaces the older
 * notification) and the language of its texts.
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
  lang: string;
}

export const notificationCalls = {
  /** Anyone: the key is public. Made for the vendor the first time it is asked for. */
  'push-key': post(BaseRequest).answers<Envelope<PushKey>>(),
  /** Signed-in only; `{ subscribed: true }`. A field it cannot take answers 422 with the field's message. */
  'push-subscribe': post(PushSubscribeRequest, { exactTypes: true }).answers<Envelope<PushStatus>>(),
  /** Signed-in only: this customer's subscription of that endpoint is removed (none: nothing changes); `{ subscribed: false }`. */
  'push-unsubscribe': post(PushEndpointRequest, { exactTypes: true }).answers<Envelope<PushStatus>>(),
  /** Signed-in only: whether this customer's notifications go to that endpoint. */
  'push-status': post(PushEndpointRequest, { exactTypes: true }).answers<Envelope<PushStatus>>(),
} as const;
