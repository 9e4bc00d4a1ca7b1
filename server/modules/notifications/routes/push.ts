import { checkSubscription, isSubscribed, removeSubscription, saveSubscription } from '../domain/subscriptions.ts';
import { vendorVapidKeys } from '../domain/vapid-keys.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { signedIn } from '../../../http/customer.ts';

/**
 * The calls of order notifications (contract/api/notifications.ts): the vendor's VAPID public key, for
 * anyone; saving, removing and asking about the signed-in customer's browser subscription.
 */
export const pushRoutes: ApiPlugin = async (api) => {
  postCall(api, 'push-key', async (request) => {
    const keys = await vendorVapidKeys(api.db, request.vendor.id);
    return { code: 200, Result: { public_key: keys.publicKey } };
  });

  await api.register(signedIn(api.db, (push) => {
    postCall(push, 'push-subscribe', async (request) => {
      const subscription = checkSubscription(request.body, api.runtime.production);
      await saveSubscription(api.db, request.customer, subscription, request.lang);
      return { code: 200, Result: { subscribed: true } };
    });

    postCall(push, 'push-unsubscribe', async (request) => {
      await removeSubscription(api.db, request.customer, request.body.endpoint);
      return { code: 200, Result: { subscribed: false } };
    });

    postCall(push, 'push-status', async (request) => {
      return { code: 200, Result: { subscribed: await isSubscribed(api.db, request.customer, request.body.endpoint) } };
    });
  }));
};
