import { describe, expect, it } from 'vitest';
import { footerText } from './Footer.tsx';

describe('footer text', () => {
  it('keeps up to 250 characters and cuts longer text to 210 plus an ellipsis', () => {
    expect(footerText('a'.repeat(250))).toBe('a'.repeat(250));
    expect(footerText('a'.repeat(251))).toBe(`${'a'.repeat(210)}…`);
  });
});
