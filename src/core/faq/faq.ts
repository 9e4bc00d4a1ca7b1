/**
 * The vendor's FAQ (get_faq_all, in the customer's language) and the search that narrows it as the
 * customer types. Loaded once per page: switching the language reloads the page.
 */
import { atom } from 'nanostores';
import type { CallAnswer } from '../../../contract/api/calls.ts';
import type { FaqEntry } from '../../../contract/api/faq.ts';
import { callApi } from '../api/client.ts';
import { shared } from '../platform/registry.ts';

export type FaqState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; entries: FaqEntry[] }
  | { status: 'failed' };

export const $faq = shared('faq', () => atom<FaqState>({ status: 'idle' }));

let latest = 0;

/** The FAQ's state from its answer (entries without a question or an answer left out). */
export function faqOf(answer: CallAnswer<'get_faq_all'>): FaqState {
  const entries = Array.isArray(answer.Result) ? answer.Result.filter((entry) => typeof entry?.question === 'string' && typeof entry.answer === 'string') : [];
  return { status: 'ready', entries };
}

/** Loads the FAQ (again, after a failure or with `force`); a later call wins over an earlier one. */
export async function loadFaq(force = false): Promise<void> {
  const state = $faq.get();
  if (!force && (state.status === 'ready' || state.status === 'loading')) return;
  const ticket = ++latest;
  $faq.set({ status: 'loading' });
  try {
    const answer = await callApi('get_faq_all', {});
    if (ticket === latest) $faq.set(faqOf(answer));
  } catch {
    if (ticket === latest) $faq.set({ status: 'failed' });
  }
}

/** Lower-case, accents and Arabic diacritics (harakat, tatweel) dropped, so a search matches as a person reads. */
export function searchForm(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .toLocaleLowerCase();
}

/** The entries whose question or answer contains every word of the query (all of them for an empty query). */
export function filterFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = searchForm(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = searchForm(`${entry.question} ${entry.answer}`);
    return words.every((word) => text.includes(word));
  });
}

