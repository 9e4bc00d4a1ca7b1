import { describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
let answer: () => unknown = () => ({ code: 200, Result: { restaurant_id: 1, name: 'A' } });
vi.mock('./api/client.ts', () => ({
  callApi: vi.fn(async (name: string) => {
    calls.push(name);
    return answer();
  }),
}));

const { rememberStoreDetail, storeDetail } = await import('./store-detail.ts');

describe('the cart store detail', () => {
  it('is one request for the drawer and the checkout', async () => {
    const [a, b] = await Promise.all([storeDetail(1), storeDetail(1)]);
    expect(a).toEqual({ restaurant_id: 1, name: 'A' });
    expect(b).toBe(a);
    expect(calls).toEqual(['get_restaurant_detail']);
  });

  it('is not kept when the store is unknown or the request fails, so asking again retries', async () => {
    calls.length = 0;
    answer = () => ({ code: 101, msg: 'Store not found' });
    expect(await storeDetail(2)).toBeNull();
    answer = () => {
      throw new Error('offline');
    };
    await expect(storeDetail(2)).rejects.toThrow('offline');
    answer = () => ({ code: 200, Result: { restaurant_id: 2, name: 'B' } });
    expect(await storeDetail(2)).toEqual({ restaurant_id: 2, name: 'B' });
    expect(calls).toHaveLength(3);
  });

  it('comes from the menu without a request when the menu just loaded it', async () => {
    calls.length = 0;
    rememberStoreDetail({ restaurant_id: 3, name: 'C' } as never);
    expect(await storeDetail(3)).toMatchObject({ name: 'C' });
    expect(calls).toEqual([]);
  });
});
