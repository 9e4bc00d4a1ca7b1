import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $route } from '../core/platform/router.ts';
import { $isSignedIn } from '../core/session/session-state.ts';
import { $locale } from '../core/i18n/locale.ts';
import { $settings } from '../core/settings/settings.ts';
import * as Parts from './parts.ts';
import { routeEntry } from './routes.tsx';
import { $chatAvailable } from '../core/support/chat-availability.ts';

// What the full page shows beside its screens: the subscription schedule's news and the support chat's launcher.

/**
 * What the subscription schedule did, told on any screen while the customer is here (a missed delivery,
 * a day the store is closed): the live channel is followed only for a vendor with subscriptions, and the
 * subscription code is fetched when such news first comes.
 */
export function SubscriptionNews() {
  const signedIn = useStore($isSignedIn);
  const offered = useStore($settings)?.subscription_status === 1;
  useEffect(() => {
    if (!signedIn || !offered) return undefined;
    // The live channel's code comes only to a signed-in customer of a vendor with subscriptions.
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('../core/realtime/channel.ts').then(({ listenToChannel }) => {
      if (stopped) return;
      stop = listenToChannel({
        event: (event) => {
          if (event.kind !== 'subscription_delivery') return;
          void import('../core/subscriptions/subscriptions.ts').then((module) => module.tellDelivery(event, $locale.get()));
        },
      });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [signedIn, offered]);
  return null;
}

/** The support chat's launcher, on every screen but a store's menu (spec). */
export function ChatCorner() {
  const route = useStore($route);
  const available = useStore($chatAvailable);
  return <Parts.SupportChatWidget wanted={available} hidden={Boolean(routeEntry(route).hidesChatLauncher)} />;
}
