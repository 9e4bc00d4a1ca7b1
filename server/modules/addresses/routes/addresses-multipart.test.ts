import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedAddress } from '../../../../contract/api/addresses.ts';
import { FORM_LIMITS } from '../../../http/multipart-form.ts';
import { createTestApp, HARBOR, type TestApp, type TestEnvelope } from '../../../test/test-app.ts';

const HOME = {
  city: 'San Francisco', address_clarification: 'Office', landmark: 'Near the park', address: '500 Howard St', state: 'CA',
  flat_no: '4B', house_name: 'Howard Plaza', latitude: '37.7877', longitude: '-122.3966', zip_code: '94105',
};

/** A multipart body as a browser would send it. */
async function multipart(fields: Record<string, string>, file?: { name: string; text: string }): Promise<{ payload: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.name, new Blob([file.text], { type: 'image/png' }), 'shot.png');
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') ?? '' };
}

describe('the address form as multipart/form-data', () => {
  let t: TestApp;
  let alex: string;
  beforeAll(async () => {
    t = await createTestApp();
    alex = await t.signIn(HARBOR, '4155550100');
  });
  afterAll(async () => t.close());

  const send = async (call: string, fields: Record<string, string>, file?: { name: string; text: string }) => {
    const { payload, type } = await multipart(fields, file);
    const res = await t.app.inject({
      method: 'POST', url: `/api/v2/${call}`, payload,
      headers: { host: HARBOR, authorization: `Bearer ${alex}`, 'content-type': type },
    });
    return { status: res.statusCode, body: res.json<TestEnvelope>() };
  };

  it('adds and updates an address through the same checks as JSON', async () => {
    const added = await send('add_shiping_address', HOME);
    expect(added.status).toBe(200);
    const a = added.body.Result as SavedAddress;
    expect(a).toMatchObject({ Shiping_address: '500 Howard St', adress_clarification: 'Office', latitude: 37.7877, flat_no: '4B' });

    const updated = await send('update_shiping_address', { shiping_id: String(a.shiping_id), landmark: 'By the fountain' });
    expect(updated.status).toBe(200);
    expect(updated.body.Result).toMatchObject({ shiping_id: a.shiping_id, landmark: 'By the fountain', Shiping_address: '500 Howard St' });

    // The schema and the form's own checks apply as they do to JSON.
    const bad = await send('add_shiping_address', { ...HOME, latitude: '123' });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).not.toBe('Server error');
    const empty = await send('add_shiping_address', { ...HOME, address: '' });
    expect(empty.body).toMatchObject({ msg: 'Please enter address' });
    const control = await send('add_shiping_address', { ...HOME, city: 'a\u0000b' });
    expect(control.status).toBe(422);
  });

  it('refuses a file part, an oversized field and too many fields with a 4xx', async () => {
    const file = await send('add_shiping_address', HOME, { name: 'photo', text: 'not an image' });
    expect(file.status).toBe(422);
    expect(file.body.msg).toBe('Files are not accepted here');

    const long = await send('add_shiping_address', { ...HOME, landmark: 'x'.repeat(FORM_LIMITS.fieldSize + 1) });
    expect(long.status).toBe(422);
    expect(long.body.msg).toBe('landmark is too long');

    const many = Object.fromEntries(Array.from({ length: FORM_LIMITS.fields + 5 }, (_, i) => [`f${i}`, 'x']));
    const tooMany = await send('add_shiping_address', { ...HOME, ...many });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.msg).toBe('The form has too many fields');

    // A cut-off form is a 400, not a 500.
    const res = await t.app.inject({
      method: 'POST', url: '/api/v2/add_shiping_address', payload: '--xyz\r\nContent-Disposition: form-data; name="city"\r\n\r\nSF',
      headers: { host: HARBOR, authorization: `Bearer ${alex}`, 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('keeps other calls refusing multipart', async () => {
    const { payload, type } = await multipart({ mobile_number: '4155550100' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/check_mobile_number', payload, headers: { host: HARBOR, 'content-type': type } });
    expect(res.statusCode).toBe(415);
  });
});
