import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStub } from '../api/client-stub.test-helpers.ts';
import { $latitude, $longitude } from '../location/location.ts';
import { $search, normaliseQuery, search } from './search.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const SF = { latitude: 37.7749, longitude: -122.4194 };
const store = { restaurant_id: 1, name: 'Golden Gate Pizzeria' };
const item = { item_id: 10, name: 'Margherita' };

describe('search', () => {
  beforeEach(() => {
    // A place is set, so the search has a point to search around: only the query length decides.
    $latitude.set(SF.latitude);
    $longitude.set(SF.longitude);
    $search.set({ status: 'idle' });
    apiStub.reset(({ name }) => ({ code: 200, Result: name === 'search_restaurants' ? [store] : [item] }));
  });
  afterEach(() => {
    $latitude.set(null);
    $longitude.set(null);
  });

  it('normalises spaces', () => {
    expect(normaliseQuery('  green   leaf ')).toBe('green leaf');
  });

  it('does not search for fewer than 2 characters', async () => {
    await search(' p ');
    expect(apiStub.calls).toEqual([]);
    expect($search.get()).toEqual({ status: 'idle' });

    await search(' pi ');
    expect(apiStub.calls.map((call) => call.name).sort()).toEqual(['search_restaurants', 'search_restaurants_item']);
    for (const call of apiStub.calls) expect(call.body).toEqual({ search: 'pi', ...SF });
    expect($search.get()).toEqual({ status: 'ready', query: 'pi', stores: [store], items: [item] });

    // Shortened again: back to idle, nothing more sent.
    await search('p');
    expect(apiStub.calls).toHaveLength(2);
    expect($search.get()).toEqual({ status: 'idle' });
  });
});
