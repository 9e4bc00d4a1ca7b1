import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: Array<{ name: string; body: Record<string, unknown> }> = [];
vi.mock('./api/client.ts', () => ({
  ApiError: class extends Error {},
  callApi: vi.fn(async (name: string, body: Record<string, unknown> = {}) => {
    calls.push({ name, body });
    return { code: 200 };
  }),
}));

const { $orderUploadImages, setCart } = await import('./cart.ts');
const images = await import('./checkout-images.ts');

describe('images dropped from the draft', () => {
  let signedIn = true;
  const stop = images.watchDroppedOrderImages(() => signedIn);
  beforeEach(() => {
    calls.length = 0;
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
