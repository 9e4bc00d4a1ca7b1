import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallName } from '../../../../contract/api/calls.ts';
import { API_VERSION_PATH } from '../../../../contract/constants.ts';
import type { ServedAnswers, ServedCall, ServedCalls } from '../../../../contract/served-screen.ts';
import { firstMenuCalls } from '../../../../contract/rules/menu-parts.ts';

/**
 * One of the storefront's calls made for a page the server draws, through this server's own routes
 * (in-process, no network), as the storefront in the customer's browser would make it: with the vendor's
 * host and the page's language. Its answer, or undefined when it does not answer 200 (the storefront then
 * asks for it itself).
 */
async function callForPage(app: FastifyInstance, request: FastifyRequest, page: { host: string; lang: string }, call: ServedCall): Promise<unknown> {
  const response = await app.inject({
    method: 'POST',
    url: `${API_VERSION_PATH}/${call.name satisfies CallName}`,
    headers: {
      // The page's own host: the answers' addresses (pictures) are the ones the browser would get.
      ...(request.headers.host ? { host: request.headers.host } : {}),
      'content-type': 'application/json',
      'x-storefront-host': page.host,
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    },
    payload: { host: page.host, is_langauge: page.lang, ...call.body },
  });
  return response.statusCode === 200 ? response.json() : undefined;
}

/**
 * The answers of a served screen's calls, made together; the store's menu once its detail names the
 * store (its outline and first part, as the storefront asks for them: firstMenuCalls).
 */
export async function servedAnswers(app: FastifyInstance, request: FastifyRequest, page: { host: string; lang: string }, calls: ServedCalls): Promise<ServedAnswers> {
  const keys = Object.keys(calls) as Array<keyof ServedCalls>;
  const answers = Object.fromEntries(
    (await Promise.all(keys.map(async (key) => [key, await callForPage(app, request, page, calls[key]!)] as const))).filter(([, answer]) => answer !== undefined),
  ) as ServedAnswers;
  const store = answers.storeDetail?.code === 200 ? answers.storeDetail.Result : undefined;
  if (store) {
    const calls = firstMenuCalls(store.restaurant_id);
    const [outline, menu] = await Promise.all([callForPage(app, request, page, calls.outline), callForPage(app, request, page, calls.part)]);
    if (outline !== undefined && menu !== undefined) {
      answers.menuOutline = outline as ServedAnswers['menuOutline'];
      answers.menu = menu as ServedAnswers['menu'];
    }
  }
  return answers;
}
