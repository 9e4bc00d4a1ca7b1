import { describe, expect, it } from 'vitest';
import { isRefusalKey, REFUSAL_TEXTS, refusalKeyOf } from './refusals.ts';

describe('refusal keys', () => {
  it('gives each text one key and each key one text', () => {
    const texts = Object.values(REFUSAL_TEXTS);
    expect(new Set(texts).size).toBe(texts.length);
    for (const [key, text] of Object.entries(REFUSAL_TEXTS)) expect(refusalKeyOf(text)).toBe(key);
  });

  it('knows no other text or key', () => {
    expect(refusalKeyOf('Store not found.')).toBeUndefined();
    expect(refusalKeyOf('toString')).toBeUndefined();
    expect(isRefusalKey('store.not_found')).toBe(true);
    expect(isRefusalKey('toString')).toBe(false);
    expect(isRefusalKey('__proto__')).toBe(false);
    expect(isRefusalKey(3)).toBe(false);
  });
});
