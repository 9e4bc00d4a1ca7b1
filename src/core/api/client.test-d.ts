/**
 * Compile-time checks of callApi, run by the type check (`tsc -b`), never executed: each
 * `@ts-expect-error` line must stay an error, so a contract that stopped catching a misspelled
 * call, a missing field or a wrong type would fail the build.
 */
import { callApi } from './client.ts';

export async function callsTheContractAllows(): Promise<void> {
  const detail = await callApi('get_restaurant_detail', { restaurant_id: 1 });
  // The answer's type follows the call.
  const minimum: number | undefined = detail.Result?.minimum_order_value;
  void minimum;
  await callApi('get_cuisinelist');
  await callApi('place_order', {
    restaurant_id: 1, order_mode: 'pickup', lines: [{ item_id: 2, quantity: 1, selectCustoizeID: [], price: 3 }],
    idempotency_key: 'key-12345678', payment_method: 'cash', expected_total: 3,
  });
}

export async function callsTheContractRefuses(): Promise<void> {
  // @ts-expect-error A misspelled call name.
  await callApi('get_restaurant_detial', { restaurant_id: 1 });
  // @ts-expect-error A required field is missing.
  await callApi('get_restaurant_detail', {});
  // @ts-expect-error A field of the wrong type.
  await callApi('get_restaurant_detail', { restaurant_id: 'one' });
  // @ts-expect-error A body for a call that needs one is left out.
  await callApi('place_order');
  // @ts-expect-error An order mode the API does not know.
  await callApi('check_restaurant_menu_with_price', { restaurant_id: 1, order_mode: 'drone', lines: [] });
  const detail = await callApi('get_restaurant_detail', { restaurant_id: 1 });
  // @ts-expect-error A field the answer does not have.
  void detail.Result?.minimum_order_valeu;
}
