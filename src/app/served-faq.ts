import { $faq, faqOf } from '../core/faq/faq.ts';
import { takenAnswers, type ServedKind } from './served-screen.ts';

/** The FAQ drawn on the server. */
export const servedFaq: ServedKind = {
  calls: () => ({ faq: { name: 'get_faq_all', body: {} } }),
  take(route, screen) {
    const { faq } = takenAnswers(this.calls(route), screen);
    $faq.set(faq ? faqOf(faq) : { status: 'idle' });
  },
};
