import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The location and address messages and labels (the location picker, the address book and form, the maps),
 * for the pages that show a place: say(LOCATION_MESSAGES.setLocation). Every catalog translates them
 * (docs/behaviour.md#messages-and-errors); each page carries only the tables its screens use.
 */
export const LOCATION_MESSAGES = {
  serviceNotAvailable: msg`Service not available in this area. Please change location and try again.`,
  noAddressFound: msg`No Address Found`,
  apiKeyNotValid: msg`API key not valid. Please pass a valid API key.`,
  locationDenied: msg`Location access denied. Please enable location permissions in your browser settings.`,
  locationUnavailable: msg`Location information is unavailable.`,
  enterAddress: msg`Please enter address`,
  savedAddress: msg`Saved Address`,
  addNewAddress: msg`Add New Address`,
} satisfies Record<string, MessageDescriptor>;
