import { $faq, faqOf } from '../core/faq/faq.ts';
import type { Route } from '../core/platform/routes.ts';
import { takenAnswers, type ServedKind } from './served-screen.ts';

/** The FAQ's route (the full page's /faq; the route an `<sf-faq>` drawn by the server shows). */
export const FAQ_ROUTE: Route = { name: 'faq', params: {}, path: '/faq' };

/** The FAQ drawn on the server. */
export const servedFaq: ServedKind = {
  calls: () => ({ faq: { name: 'get_faq_all', body: {} } }),
  take(route, screen) {
    const { faq } = takenAnswers(this.calls(route), screen);
    $faq.set(faq ? faqOf(faq) : { status: 'idle' });
  },
};
