/**
 * Compile-time checks of the server's routes, run by the type check (`tsc -b`), never executed:
 * a route serves a call of the contract by name, its body is typed from the call's schema and its
 * answer must be the call's answer. Each `@ts-expect-error` line must stay an error.
 */
import { postCall, type Api } from './api.ts';

export function routesTheContractAllows(api: Api): void {
  postCall(api, 'get_restaurant_rating', async (request) => {
    const id: number = request.body.restaurant_id;
    return { code: 200, Result: { rating: id, rating_count: 0 } };
  });
}

export function routesTheContractRefuses(api: Api): void {
  // @ts-expect-error A route for a call the contract does not have.
  postCall(api, 'get_restaurant_ratings', async () => ({ code: 200 }));
  postCall(api, 'get_restaurant_rating', async (request) => {
    // @ts-expect-error A body field the call does not take.
    void request.body.restaurant_name;
    return { code: 200 };
  });
  // @ts-expect-error An answer of another shape than the call's.
  postCall(api, 'get_restaurant_rating', async () => ({ code: 200, Result: { stars: 5 } }));
}
