import { afterEach, describe, expect, it } from 'vitest';
import { FEEDBACK_TOO_MANY } from '../../../contract/feedback-limits.ts';
import { activateLocale } from './i18n.ts';
import { customerText } from './server-messages.ts';

describe('the store feedback limit text', () => {
  afterEach(async () => activateLocale('en'));

  it('reaches the customer in their language', async () => {
    await activateLocale('ar');
    expect(customerText(FEEDBACK_TOO_MANY)).toBe('آراء كثيرة جدًا من شبكتك. يُرجى المحاولة لاحقًا.');
    await activateLocale('fr');
    expect(customerText(FEEDBACK_TOO_MANY)).toBe('Trop d’avis envoyés depuis votre réseau. Veuillez réessayer plus tard.');
    await activateLocale('en');
    expect(customerText(FEEDBACK_TOO_MANY)).toBe(FEEDBACK_TOO_MANY);
  });
});
