import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n/i18n.ts';
import { fullName, passwordError, repeatPasswordError, signUpErrors } from './passwords.ts';

const form = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', mobile: '4155550100', acceptedTerms: true };

describe('sign-up rules', () => {
  beforeAll(async () => activateLocale('en'));

  it('accepts a complete form and names the customer "first last"', () => {
    expect(signUpErrors(form)).toEqual({});
    expect(signUpErrors({ ...form, password: 'long enough', repeatPassword: 'long enough' })).toEqual({});
    expect(fullName(' Ada ', ' Lovelace ')).toBe('Ada Lovelace');
  });

  it('requires first and last name, a valid email and the terms', () => {
    expect(Object.keys(signUpErrors({ ...form, firstName: ' ', lastName: '', email: 'ada@example', acceptedTerms: false })).sort())
      .toEqual(['acceptedTerms', 'email', 'firstName', 'lastName']);
  });

  it('asks for a password of at least 8 characters and the same repeat', () => {
    expect(passwordError('')).not.toBeNull();
    expect(passwordError('        ')).not.toBeNull();
    expect(passwordError('1234567')).toBe('Password must be at least 8 characters');
    expect(passwordError('12345678')).toBeNull();
    expect(repeatPasswordError('12345678', '12345679')).not.toBeNull();
    expect(repeatPasswordError('12345678', '12345678')).toBeNull();
    expect(Object.keys(signUpErrors({ ...form, password: 'long enough', repeatPassword: 'long enougH' }))).toEqual(['repeatPassword']);
    expect(Object.keys(signUpErrors({ ...form, password: 'short', repeatPassword: '' }))).toEqual(['password']);
  });
});
