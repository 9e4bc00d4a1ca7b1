import { faqFor } from '../domain/faq.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';

export const faqRoutes: ApiPlugin = async (api) => {
  // Open to guests: the FAQ route needs no sign-in.
  postCall(api, 'get_faq_all', async (request) => ({
    code: 200,
    Result: await faqFor(api.db, request.vendor, request.lang),
  }));
};
