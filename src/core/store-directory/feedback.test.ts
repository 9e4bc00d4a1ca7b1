import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStub } from '../api/client-stub.test-helpers.ts';
import { FEEDBACK_COMMENT_MAX, feedbackReady, sendStoreFeedback } from './feedback.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

describe('store feedback', () => {
  beforeEach(() => apiStub.reset());

  it('is ready once a rating from 1 to 5 is chosen', () => {
    const draft = { rating: null, comment: 'Nice', name: '', contact: '' };
    expect(feedbackReady(draft)).toBe(false);
    expect(feedbackReady({ ...draft, rating: 0 })).toBe(false);
    expect(feedbackReady({ ...draft, rating: 5 })).toBe(true);
  });

  it('sends trimmed, bounded texts and leaves empty ones out', async () => {
    expect(await sendStoreFeedback(9, { rating: 4, comment: `  ${'x'.repeat(FEEDBACK_COMMENT_MAX + 5)}`, name: '  ', contact: ' a@b.c ' })).toBe('sent');
    expect(apiStub.calls).toEqual([{ name: 'store_feedback', body: { restaurant_id: 9, rating: 4, comment: 'x'.repeat(FEEDBACK_COMMENT_MAX), contact: 'a@b.c' } }]);
  });

  it('tells an unknown store apart', async () => {
    apiStub.reset(() => ({ code: 101, msg: 'Store not found' }));
    expect(await sendStoreFeedback(9, { rating: 1, comment: '', name: '', contact: '' })).toBe('store-not-found');
  });
});
