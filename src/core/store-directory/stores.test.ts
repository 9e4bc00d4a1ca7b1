import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStub } from '../api/client-stub.test-helpers.ts';
import { $latitude, $longitude } from '../location/location.ts';
import { $storeFilters, $storeList, loadMoreStores, loadStores, NO_FILTERS, STORE_PAGE_SIZE } from './stores.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const card = (id: number) => ({ restaurant_id: id, name: `Store ${id}` });
/** A vendor with `total` stores, answered page by page as the server would. */
const vendorWith = (total: number) => ({ body }: { body: Record<string, unknown> }) => {
  const skip = Number(body.skip);
  const page = Array.from({ length: Math.max(0, Math.min(Number(body.total_record), total - skip)) }, (_, i) => card(skip + i + 1));
  return page.length > 0 ? { code: 200, Result: page } : { code: 101, msg: 'Service not available in this area. Please change location and try again.', Result: [] };
};
const ids = () => {
  const state = $storeList.get();
  return state.status === 'ready' ? state.stores.map((store) => store.restaurant_id) : [];
};

describe('the store list, a page at a time', () => {
  beforeEach(() => {
    $latitude.set(37.7749);
    $longitude.set(-122.4194);
    $storeFilters.set(NO_FILTERS);
    $storeList.set({ status: 'idle' });
  });
  afterEach(() => {
    $latitude.set(null);
    $longitude.set(null);
  });

  it('asks for the first page, then the next ones from where the list ends, until a short page', async () => {
    apiStub.reset(vendorWith(STORE_PAGE_SIZE * 2 + 5));
    await loadStores();
    expect(apiStub.calls.map((call) => [call.body.total_record, call.body.skip])).toEqual([[STORE_PAGE_SIZE, 0]]);
    expect($storeList.get()).toMatchObject({ status: 'ready', more: 'idle' });
    await loadMoreStores();
    await loadMoreStores();
    expect(apiStub.calls.map((call) => call.body.skip)).toEqual([0, STORE_PAGE_SIZE, STORE_PAGE_SIZE * 2]);
    expect(ids()).toEqual(Array.from({ length: STORE_PAGE_SIZE * 2 + 5 }, (_, i) => i + 1));
    expect($storeList.get()).toMatchObject({ more: 'done' });
    await loadMoreStores();
    expect(apiStub.calls).toHaveLength(3);
  });

  it('ends on an empty next page (101) as well, and a short first page needs no second', async () => {
    apiStub.reset(vendorWith(STORE_PAGE_SIZE));
    await loadStores();
    await loadMoreStores();
    expect($storeList.get()).toMatchObject({ status: 'ready', more: 'done' });
    expect(ids()).toHaveLength(STORE_PAGE_SIZE);
    apiStub.reset(vendorWith(3));
    await loadStores();
    expect($storeList.get()).toMatchObject({ more: 'done' });
  });

  it('keeps the stores it has when a next page fails, and tries again when asked', async () => {
    apiStub.reset(vendorWith(STORE_PAGE_SIZE + 1));
    await loadStores();
    apiStub.reset(() => {
      throw new Error('offline');
    });
    await loadMoreStores();
    expect($storeList.get()).toMatchObject({ status: 'ready', more: 'failed' });
    expect(ids()).toHaveLength(STORE_PAGE_SIZE);
    apiStub.reset(vendorWith(STORE_PAGE_SIZE + 1));
    await loadMoreStores();
    expect(ids()).toHaveLength(STORE_PAGE_SIZE + 1);
  });

  it('drops a next page that answers after a new search began, and never lists a store twice', async () => {
    apiStub.reset(vendorWith(STORE_PAGE_SIZE * 2));
    await loadStores();
    const more = loadMoreStores();
    const fresh = loadStores();
    await Promise.all([more, fresh]);
    expect(ids()).toEqual(Array.from({ length: STORE_PAGE_SIZE }, (_, i) => i + 1));
    // The server's next page overlapping what is shown (the list moved between pages) adds only the new ones.
    apiStub.reset(({ body }) => ({ code: 200, Result: Array.from({ length: 10 }, (_, i) => card(Number(body.skip) - 2 + i + 1)) }));
    await loadMoreStores();
    expect(ids()).toHaveLength(STORE_PAGE_SIZE + 8);
    expect(new Set(ids()).size).toBe(ids().length);
  });
});
