// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStub } from '../api/client-stub.test-helpers.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { ApiError } = await import('../api/client.ts');
const { $token, $user } = await import('../session/session-state.ts');
const { deleteAccount, updateProfile } = await import('./profile.ts');
const { reportBug } = await import('./report-bug.ts');
const { imageFileProblem } = await import('../images/image-files.ts');
const { activateLocale } = await import('../i18n/i18n.ts');

beforeAll(() => activateLocale('en'));

const user = { user_id: 7, user_name: 'Jo', mobile_number: '4155550100', country_code: '1', email: 'jo@example.com', wallet_amount: 0, created_at: '2026-01-02T00:00:00.000Z' };

describe('the profile', () => {
  beforeEach(() => {
    apiStub.reset();
    $token.set('t');
    $user.set(user);
  });

  it('refuses a blank name and a wrong email before calling', async () => {
    expect(await updateProfile({ user_name: '  ', email: 'nope' })).toEqual({ ok: false, errors: { user_name: 'Please enter your name', email: 'Please enter a valid email' } });
    expect(apiStub.calls).toEqual([]);
  });

  it('keeps the answer as the session user, so the header and side menu show it', async () => {
    apiStub.reset(() => ({ code: 200, user_details: { ...user, user_name: 'Jo Kim' } }));
    expect(await updateProfile({ user_name: ' Jo Kim ', email: 'jo@example.com' })).toEqual({ ok: true });
    expect(apiStub.calls).toEqual([{ name: 'update_profile', body: { user_name: 'Jo Kim', email: 'jo@example.com' } }]);
    expect($user.get()?.user_name).toBe('Jo Kim');
  });

  it("shows the server's field errors beside the fields", async () => {
    apiStub.reset(() => { throw new ApiError(422, 422, 'Email invalid', { email: ['Email invalid'] }); });
    expect(await updateProfile({ user_name: 'Jo', email: 'jo@example.com' })).toEqual({ ok: false, errors: { email: 'Email invalid' } });
  });

  it('ends the session here once the server deleted the account, and not before', async () => {
    apiStub.reset(() => ({ code: 500 }));
    expect(await deleteAccount()).toEqual({ ok: false, message: 'Your account could not be deleted. Please try again.' });
    expect($token.get()).toBe('t');
    // The server's reason, by its key.
    apiStub.reset(() => ({ code: 111, msg: 'You have an order on its way. You can delete your account once it has arrived.', msg_key: 'account.order_under_way' }));
    expect(await deleteAccount()).toEqual({ ok: false, message: 'You have an order on its way. You can delete your account once it has arrived.' });
    expect($token.get()).toBe('t');
    apiStub.reset();
    expect(await deleteAccount()).toEqual({ ok: true });
    expect($token.get()).toBe('');
    expect($user.get()).toBeNull();
  });
});

describe('a bug report', () => {
  beforeEach(() => apiStub.reset());

  it('needs a description', async () => {
    expect(await reportBug(' \n ', [])).toEqual({ ok: false, errors: { description: 'Please describe the problem' } });
    expect(apiStub.calls).toEqual([]);
  });

  it('is sent with line breaks, the page and the browser', async () => {
    expect(await reportBug('First\nSecond', [])).toEqual({ ok: true });
    expect(apiStub.calls[0]).toMatchObject({ name: 'customer_report_bug', body: { description: 'First\nSecond', images: [] } });
    expect(typeof apiStub.calls[0]?.body.page).toBe('string');
  });

  it("puts a refused screenshot's error on the screenshots field", async () => {
    apiStub.reset(() => { throw new ApiError(422, 422, 'x', { 'images.1': ['Please choose a PNG, JPEG, WebP or GIF image'] }); });
    expect(await reportBug('Bug', [])).toEqual({ ok: false, errors: { images: 'Please choose a PNG, JPEG, WebP or GIF image' } });
  });

  it('takes screenshots by the order-image rules', () => {
    const png = new Blob([new Uint8Array(10)], { type: 'image/png' });
    expect(imageFileProblem(png, 0)).toBeNull();
    expect(imageFileProblem(png, 3)).toBe('limit');
    expect(imageFileProblem(new Blob(['<svg/>'], { type: 'image/svg+xml' }), 0)).toBe('type');
    expect(imageFileProblem(new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/jpeg' }), 0)).toBe('size');
  });
});
