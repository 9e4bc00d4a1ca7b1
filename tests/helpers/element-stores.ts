/**
 * Element tests (browser side): a store's state made explicit through the API server's test
 * fixture route (SF_TEST_FIXTURES=1, reached same-origin through web-test-runner's proxy), so
 * what a test checks does not depend on the hour it runs at.
 * - 'open': open at every hour of every day;
 * - 'closed': closed now, opening an hour or so later every day, taking orders ahead.
 * Test files run in parallel on one server: a store is only ever put in one state by them
 * (Golden Gate Pizzeria, store 1, open; Sakura Sushi House closed, by sf-checkout).
 */
export type StoreState = 'open' | 'closed';

export async function setStoreState(restaurantId: number, state: StoreState, host = 'localhost'): Promise<void> {
  const response = await fetch('/test/store-hours', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ host, restaurant_id: restaurantId, state }),
  });
  if (!response.ok) throw new Error(`store ${restaurantId} not made ${state}: ${response.status} ${await response.text()}`);
}
