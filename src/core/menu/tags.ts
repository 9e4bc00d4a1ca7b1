import { msg } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';

/**
 * The merchandising tags most vendors use, translated: a vendor's items carry tags as the vendor typed
 * them (in the seed and most back offices in English, "Bestseller", "New"), and an Arabic page should not
 * show them in English. A tag outside this list is the vendor's own word and is shown as it is.
 */
const KNOWN_TAGS: Readonly<Record<string, MessageDescriptor>> = {
  bestseller: msg({ message: 'Bestseller', context: 'item tag' }),
  'best seller': msg({ message: 'Bestseller', context: 'item tag' }),
  new: msg({ message: 'New', context: 'item tag' }),
  spicy: msg({ message: 'Spicy', context: 'item tag' }),
  popular: msg({ message: 'Popular', context: 'item tag' }),
  vegan: msg({ message: 'Vegan', context: 'item tag' }),
  'chef special': msg({ message: "Chef's special", context: 'item tag' }),
  "chef's special": msg({ message: "Chef's special", context: 'item tag' }),
  offer: msg({ message: 'Offer', context: 'item tag' }),
};

/** A tag as the customer reads it: translated when it is a common one, else the vendor's word. */
export function tagName(tag: string): string {
  const known = KNOWN_TAGS[tag.trim().toLowerCase()];
  return known ? i18n._(known) : tag;
}
