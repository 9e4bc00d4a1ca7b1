/** The vendor's frequently asked questions. */
import { BaseRequest, post, type Envelope } from './common.ts';

/** One question and its answer, in the request's language (plain text). */
export interface FaqEntry {
  id: number;
  question: string;
  answer: string;
}

export const faqCalls = {
  /** get_faq_all: the vendor's questions in the asked language (else its default language), in the vendor's order. */
  get_faq_all: post(BaseRequest).answers<Envelope<FaqEntry[]>>(),
} as const;
