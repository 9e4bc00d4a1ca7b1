import { describe, expect, it, vi } from 'vitest';
import { apiStub } from '../api/client-stub.test-helpers.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { rememberStoreDetail, storeDetail } = await import('./store-detail.ts');
const names = () => apiStub.calls.map((call) => call.name);
apiStub.reset(() => ({ code: 200, Result: { restaurant_id: 1, name: 'A' } }));

describe('the cart store detail', () => {
  it('is one request for the drawer and the checkout', async () => {
    const [a, b] = await Promise.all([storeDetail(1), storeDetail(1)]);
    expect(a).toEqual({ restaurant_id: 1, name: 'A' });
    expect(b).toBe(a);
    expect(names()).toEqual(['get_restaurant_detail']);
  });

  it('is not kept when the store is unknown or the request fails, so asking again retries', async () => {
    apiStub.calls.length = 0;
    apiStub.answer = () => ({ code: 101, msg: 'Store not found' });
    expect(await storeDetail(2)).toBeNull();
    apiStub.answer = () => {
      throw new Error('offline');
    };
    await expect(storeDetail(2)).rejects.toThrow('offline');
    apiStub.answer = () => ({ code: 200, Result: { restaurant_id: 2, name: 'B' } });
    expect(await storeDetail(2)).toEqual({ restaurant_id: 2, name: 'B' });
    expect(apiStub.calls).toHaveLength(3);
  });

  it('comes from the menu without a request when the menu just loaded it', async () => {
    apiStub.calls.length = 0;
    rememberStoreDetail({ restaurant_id: 3, name: 'C' } as never);
    expect(await storeDetail(3)).toMatchObject({ name: 'C' });
    expect(names()).toEqual([]);
  });
});
