import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderImage } from '../../../../contract/api/orders.ts';
import { inTransaction } from '../../../db/tx.ts';
import { attachOrderImages } from '../domain/order-images.ts';
import { harborFixture, insertOrder } from '../../../test/orders-fixtures.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../../../test/test-app.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe('order images API', () => {
  let t: TestApp;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  let alex: string;
  let sam: string;
  let ahmed: string;
  beforeAll(async () => {
    t = await createTestApp();
    h = await harborFixture(t.database.db);
    alex = await t.signIn(HARBOR, '4155550100');
    sam = await t.signIn(HARBOR, '4155550101');
    ahmed = await t.signIn(SOUQ);
  });
  afterAll(async () => t.close());

  const post = (call: string, body: object, token: string, host = HARBOR) => t.post(call, body, { host, token });
  const upload = async (token: string, bytes = PNG, mime = 'image/png') => post('upload-order-images', { image: dataUrl(mime, bytes) }, token);
  const get = (url: string) => t.app.inject({ method: 'GET', url: url.replace(/^http:\/\/[^/]+/, ''), headers: { host: 'localhost:8080' } });

  it('stores an image and serves its bytes by token with a long cache', async () => {
    const res = await upload(alex);
    expect(res.body).toMatchObject({ code: 200, msg: 'Image uploaded' });
    const image = res.body.Result as OrderImage;
    expect(image.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(image.url).toBe(`http://localhost:8080/media/order-images/${image.token}`);
    const served = await get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await get('/media/order-images/' + 'A'.repeat(32))).statusCode).toBe(404);
    expect((await get('/media/order-images/short')).statusCode).toBe(404);
    expect((await post('remove-order-image', { token: image.token }, alex)).body).toEqual({ code: 200, msg: 'Image removed' });
    expect((await get(image.url)).statusCode).toBe(404);
  });

  it('refuses what is not a PNG, JPEG, WebP or GIF of at most 2 MB with 422', async () => {
    const invalid = { image: ['Please choose a PNG, JPEG, WebP or GIF image'] };
    expect((await upload(alex, JPEG, 'image/png')).body).toMatchObject({ code: 422, errors: invalid });
    expect((await upload(alex, Buffer.from('<svg/>'), 'image/svg+xml')).body).toMatchObject({ code: 422, errors: invalid });
    expect((await post('upload-order-images', {}, alex)).status).toBe(422);
    expect((await post('upload-order-images', { image: 42 }, alex)).status).toBe(422);
    // Past the 256 KB default body limit (this route's is raised), but over 2 MB decoded.
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(alex, big);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toEqual({ image: ['The image must be 2 MB or smaller'] });
    // 1.5 MB fits.
    const fine = await upload(alex, Buffer.concat([PNG, Buffer.alloc(1.5 * 1024 * 1024)]));
    expect(fine.body.code).toBe(200);
    await post('remove-order-image', { token: (fine.body.Result as OrderImage).token }, alex);
  });

  it('keeps at most 3 pending images per customer, also when uploads race', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => upload(sam, JPEG, 'image/jpeg')));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.body.code === 110);
    expect(refused).toHaveLength(17);
    expect(new Set(refused.map((r) => r.body.msg))).toEqual(new Set(['You have reached max image upload limit']));
    const tokens = results.filter((r) => r.body.code === 200).map((r) => (r.body.Result as OrderImage).token);
    // Another customer's limit is their own; they cannot remove Sam's image.
    expect((await upload(alex)).body.code).toBe(200);
    expect((await post('remove-order-image', { token: tokens[0]! }, alex)).body).toEqual({ code: 101, msg: 'Image not found' });
    expect((await post('remove-order-image', { token: tokens[0]! }, ahmed, SOUQ)).body.code).toBe(101);
    expect((await post('remove-order-image', { token: tokens[0]! }, sam)).body.code).toBe(200);
    expect((await post('remove-order-image', { token: tokens[0]! }, sam)).body.code).toBe(101);
    expect((await upload(sam)).body.code).toBe(200);
  });

  it('binds pending images to an order; they show in its details and no longer count', async () => {
    const { rows } = await t.database.db.query<{ token: string }>(
      'SELECT token FROM order_images WHERE user_id = $1 AND order_id IS NULL ORDER BY id', [h.sam]);
    expect(rows).toHaveLength(3);
    const orderId = await insertOrder(t.database.db, { vendorId: h.vendorId, userId: h.sam, restaurantId: h.pizzeria, lines: [{ itemId: h.margherita, quantity: 1 }] });
    const bound = await inTransaction(t.database.db, (c) => attachOrderImages(c, h.vendorId, h.sam, orderId, [...rows.map((r) => r.token), 'someone-elses']));
    expect(bound).toBe(3);
    const detail = (await post('view_order_details', { order_id: orderId }, sam)).body.Result as OrderDetail;
    expect(detail.images.map((i) => i.token)).toEqual(rows.map((r) => r.token));
    expect(detail.images[0]!.url).toMatch(/\/media\/order-images\//);
    // A bound image cannot be removed, and the customer may upload again.
    expect((await post('remove-order-image', { token: rows[0]!.token }, sam)).body.code).toBe(101);
    expect((await upload(sam)).body.code).toBe(200);
  });

  it('drops pending images left for more than a day, so an abandoned checkout does not block uploads', async () => {
    await t.database.db.query("UPDATE order_images SET created_at = now() - interval '25 hours' WHERE user_id = $1 AND order_id IS NULL", [h.alex]);
    for (let i = 0; i < 3; i++) expect((await upload(alex)).body.code).toBe(200);
    const { rows } = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_images WHERE user_id = $1 AND order_id IS NULL', [h.alex]);
    expect(rows[0]!.n).toBe(3);
  });
});
