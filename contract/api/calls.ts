/**
 * Every call of the API, by name: its request schema and what it answers. The server
 * registers a route for each from this map (and a test checks that none is missing); the
 * storefront's `callApi` is typed from it, so a misspelled name or a wrong body does not compile.
 */
import type { AnswerOf, ApiCall, RequestOf } from './common.ts';
import { accountCalls } from './account.ts';
import { addressCalls } from './addresses.ts';
import { checkoutCalls } from './checkout.ts';
import { deliveryPartnerCalls } from './delivery-partners.ts';
import { discoveryCalls } from './discovery.ts';
import { feedbackCalls } from './feedback.ts';
import { bannerStoreCalls } from './banner-stores.ts';
import { faqCalls } from './faq.ts';
import { groupOrderCalls } from './group-orders.ts';
import { menuCalls } from './menu.ts';
import { notificationCalls } from './notifications.ts';
import { offerCalls } from './offers.ts';
import { orderCalls } from './orders.ts';
import { profileCalls } from './profile.ts';
import { realtimeCalls } from './realtime.ts';
import { trackingCalls } from './tracking.ts';
import { supportChatCalls } from './support-chat.ts';
import { passwordCalls } from './passwords.ts';
import { settingsCalls } from './settings.ts';
import { socialCalls } from './social.ts';
import { storeCalls } from './stores.ts';
import { thirdPartyCalls } from './third-party.ts';
import { walletCalls } from './wallet.ts';
import { subscriptionCalls } from './subscriptions.ts';

export const API_CALLS = {
  ...settingsCalls,
  ...accountCalls,
  ...storeCalls,
  ...menuCalls,
  ...discoveryCalls,
  ...addressCalls,
  ...offerCalls,
  ...checkoutCalls,
  ...deliveryPartnerCalls,
  ...orderCalls,
  ...groupOrderCalls,
  ...walletCalls,
  ...subscriptionCalls,
  ...profileCalls,
  ...feedbackCalls,
  ...bannerStoreCalls,
  ...faqCalls,
  ...passwordCalls,
  ...thirdPartyCalls,
  ...socialCalls,
  ...realtimeCalls,
  ...trackingCalls,
  ...supportChatCalls,
  ...notificationCalls,
} as const satisfies Record<string, ApiCall>;

export type ApiCalls = typeof API_CALLS;
export type CallName = keyof ApiCalls;
/** The calls sent as a JSON POST. */
export type PostCallName = { [N in CallName]: ApiCalls[N]['method'] extends 'POST' ? N : never }[CallName];
/** The calls sent as a GET with a query string. */
export type GetCallName = Exclude<CallName, PostCallName>;
/** The request of a call, as both sides see it. */
export type CallRequest<N extends CallName> = RequestOf<ApiCalls[N]>;
/** What a call answers. */
export type CallAnswer<N extends CallName> = AnswerOf<ApiCalls[N]>;
