import { describe, expect, it } from 'vitest';
import { ACCEPTED_LANGUAGES_MAX, acceptedLanguages } from './accept-language.ts';

describe('the languages of an Accept-Language header', () => {
  it('lists them most wanted first, by q and then by their order', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('en;q=0.5, ar')).toEqual(['ar', 'en']);
    expect(acceptedLanguages('de;q=0.8, es;q=0.8')).toEqual(['de', 'es']);
  });

  it('leaves out refused languages, malformed entries and anything past its bounds', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages('ar;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('en;q=2, <script>, fr;q=abc, de;q=0.5')).toEqual(['de']);
    expect(acceptedLanguages(Array.from({ length: 100 }, () => 'en').join(','))).toHaveLength(ACCEPTED_LANGUAGES_MAX);
  });
});
