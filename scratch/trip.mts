const base = 'http://localhost:8195/api/v2/';
const call = async (name: string, body: object, token = '') => (await fetch(base + name, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ host: 'localhost', ...body }) })).json() as Promise<any>;
const mobile = '415' + String(Date.now()).slice(-7);
await call('registration', { mobile_number: mobile, user_name: 'T', email: 't@example.com', user_role: '1', type: 'customer' });
const otps = await (await fetch('http://localhost:8195/dev/otp.json?mobile_number=' + mobile + '&host=localhost')).json() as any;
console.log(JSON.stringify(otps).slice(0, 200));
const code = JSON.stringify(otps).match(/"(?:otp|code)":"?(\d{4,6})/)![1];
const v = await call('verify_otp', { mobile_number: mobile, otp: code });
const token = v.token;
await fetch('http://localhost:8195/test/store-hours', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ host: 'localhost', restaurant_id: 6, state: 'open' }) }).then(r => r.text()).then(t => console.log('hours', t.slice(0, 80)));
const addr = await call('add_shiping_address', { address_clarification: 'Home', address: 'X 1', flat_no: '', house_name: '', landmark: '', city: 'SF', state: '', zip_code: '', latitude: 37.7765 + 0.008, longitude: -122.4262 + 0.008 }, token);
const menu = await call('restaurantCategoryWithMenu', { restaurant_id: 6 });
const item = menu.Result.flatMap((c: any) => c.items).find((i: any) => i.customizations.length === 0 && i.is_available === 1);
const body = { restaurant_id: 6, order_mode: 'delivery', shiping_id: addr.Result.shiping_id, lines: [{ item_id: item.item_id, quantity: 3, price: item.price, selectCustoizeID: [] }] };
const bill = await call('check_restaurant_menu_with_price', body, token);
const placed = await call('place_order', { ...body, idempotency_key: 'k' + Date.now(), payment_method: 'cash', expected_total: bill.Result.total }, token);
console.log('placed', placed.code, placed.msg, placed.Result?.order_id);
const id = placed.Result.order_id;
const t0 = Date.now();
for (let i = 0; i < 60; i++) {
  const tr = await call('order_tracking', { order_id: id }, token);
  const r = tr.Result;
  console.log(((Date.now() - t0) / 1000).toFixed(1), r.order.status, r.distance_left_km, r.eta_minutes, r.position ? `${r.position.latitude.toFixed(5)},${r.position.longitude.toFixed(5)}` : '-');
  if (r.order.status === 'delivered') break;
  await new Promise((res) => setTimeout(res, 700));
}
