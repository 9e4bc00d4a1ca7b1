import type { CallAnswer, CallName, CallRequest } from './api/calls.ts';
import type { VendorSettings } from './api/settings.ts';
import type { Locale } from './rules/locale.ts';

/*
 * A screen of the full page the server draws: the calls its first view makes (the storefront names them,
 * the server makes them), and their answers, which the page carries beside the drawn screen so the
 * storefront takes the screen over with the same state, without asking again.
 */

/** The answers of a served screen's first calls, by what they fill. */
export interface ServedAnswers {
  stores?: CallAnswer<'get_nearby_restaurant_v2'>;
  banners?: CallAnswer<'get_banner'>;
  brands?: CallAnswer<'brand-list'>;
  tagGroups?: CallAnswer<'tag_wise_restaurant_menu_item'>;
  storeDetail?: CallAnswer<'get_restaurant_detail'>;
  /** Asked once the store's detail names the store: its menu's outline and first part. */
  menuOutline?: CallAnswer<'restaurant_categorylisting'>;
  menu?: CallAnswer<'restaurant_menu_wise_category'>;
  faq?: CallAnswer<'get_faq_all'>;
}

/** One call: its name and request. */
export type ServedCall<N extends CallName = CallName> = { [K in N]: { name: K; body: CallRequest<K> } }[N];

/** The calls of a served screen, by the answer they give. */
export type ServedCalls = { [K in Exclude<keyof ServedAnswers, 'menu' | 'menuOutline'>]?: ServedCall };

/** What the page carries beside the screen's HTML: the calls its first view made, and their answers. */
export interface ServedScreen {
  path: string;
  /** The language the answers are in (the page's first). */
  lang: string;
  calls: ServedCalls;
  answers: ServedAnswers;
  /** The storefront's parts drawn that come with code of their own (its screens, its lazy parts), fetched before taking over. */
  parts: string[];
}

/** The page the server draws for: the vendor's settings in its language, the page's origin and the vendor's host name. */
export interface ServedPage {
  settings: VendorSettings;
  lang: Locale;
  origin: string;
  host: string;
}
