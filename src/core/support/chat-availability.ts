import { computed } from 'nanostores';
import { shared } from '../platform/registry.ts';
import { $isSignedIn } from '../session/session-state.ts';
import { $settings } from '../settings/settings.ts';

/* Whether the chat shows, apart from the chat itself: the full page decides from these whether to fetch its code. */

/** The chat is on for this vendor (support_chat.is_enable) and someone is signed in to use it. */
export const $chatAvailable = shared('support.chat.available', () => computed([$settings, $isSignedIn], (settings, signedIn) =>
  signedIn && settings?.support_chat?.is_enable === 1));

/** The vendor's Intercom app id when Intercom takes the chat's place (intercom_details), else ''. */
export const $intercomAppId = shared('support.chat.intercom', () => computed($settings, (settings) => {
  const intercom = settings?.intercom_details;
  const id = intercom?.is_enable === 1 ? intercom.intercom_configuration_appid : '';
  // An app id is a short code of letters and digits; anything else never reaches a script URL.
  return typeof id === 'string' && /^[a-z0-9]{4,20}$/i.test(id) ? id : '';
}));
