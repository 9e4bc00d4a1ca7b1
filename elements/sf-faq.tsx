import { Faq } from '../src/features/faq/Faq.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The vendor's frequently asked questions (get_faq_all) in the customer's language: a search box that
 * narrows the questions and answers as the customer types, the number found announced politely, and
 * an accordion whose buttons (arrow keys, Home and End move between them) open each answer.
 * 'This store has not published any questions yet.' when there are none; a failure shows Retry.
 * Open to guests.
 *
 * @tag sf-faq
 * @csspart base - The island's root.
 * @csspart heading - The 'Frequently asked questions' heading (an h2).
 * @csspart search - The search box.
 * @csspart count - The number of questions found (announced after typing).
 * @csspart questions - The list of questions.
 * @csspart question - One question and its answer.
 * @csspart toggle - A question's button (aria-expanded, aria-controls).
 * @csspart answer - A question's answer.
 * @csspart no-match - Shown when no question matches the search.
 * @csspart empty - Shown when the vendor has no questions.
 * @csspart skeleton - The placeholder while loading.
 * @csspart error - The failure message with Retry.
 * @cssprop --sf-color-primary - The search box's focus border.
 * @cssprop --sf-radius - Corner radius.
 */
export type SfFaqAttributes = Record<never, never>;

/** The element's definition (the server draws it from the same: elements/server-render.tsx). */
export const SF_FAQ = defineIsland<SfFaqAttributes>({
  tag: 'sf-faq',
  display: 'block',
  attributes: {},
  render: () => <Faq />,
});
