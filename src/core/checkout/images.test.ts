import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStub } from '../api/client-stub.test-helpers.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { calls } = apiStub;

const { $orderUploadImages, setCart } = await import('../cart/cart.ts');
const images = await import('./images.ts');

describe('images dropped from the draft', () => {
  let signedIn = true;
  const stop = images.watchDroppedOrderImages(() => signedIn);
  beforeEach(() => {
    apiStub.reset();
    signedIn = true;
    $orderUploadImages.set(['a', 'b']);
    images.$orderImageUrls.set({ a: '/a.png', b: '/b.png' });
    calls.length = 0;
  });

  it('are removed on the server and lose their thumbnails when the cart empties', () => {
    setCart([]);
    expect(calls).toEqual([{ name: 'remove-order-image', body: { token: 'a' } }, { name: 'remove-order-image', body: { token: 'b' } }]);
    expect(images.$orderImageUrls.get()).toEqual({});
  });

  it('are removed once when the customer removes one', async () => {
    await images.removeOrderImage('a');
    expect(calls).toEqual([{ name: 'remove-order-image', body: { token: 'a' } }]);
    expect($orderUploadImages.get()).toEqual(['b']);
    expect(images.$orderImageUrls.get()).toEqual({ b: '/b.png' });
  });

  it('are not sent for a signed-out customer (the session ended)', () => {
    signedIn = false;
    $orderUploadImages.set([]);
    expect(calls).toEqual([]);
    stop();
  });
});
