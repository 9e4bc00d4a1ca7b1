import { describe, expect, it } from 'vitest';
import { $search, normaliseQuery, search } from './search.ts';

describe('search', () => {
  it('normalises spaces', () => {
    expect(normaliseQuery('  green   leaf ')).toBe('green leaf');
  });

  it('does not search for fewer than 2 characters', async () => {
    await search(' p ');
    expect($search.get()).toEqual({ status: 'idle' });
  });
});
