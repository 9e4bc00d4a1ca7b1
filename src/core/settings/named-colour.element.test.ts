import { expect } from '@open-wc/testing';
import { isNamedColour } from './named-colour.ts';

// The browser's own CSS parser answers, so this runs in a real browser.
describe('named theme colours in the browser', () => {
  it('knows the CSS named colours in any letter case', () => {
    for (const word of ['red', 'RebeccaPurple', 'lightgoldenrodyellow', 'GREY']) expect(isNamedColour(word), word).to.equal(true);
  });

  it('refuses a word that is no colour, the CSS-wide keywords and the names the server refuses', () => {
    for (const word of ['notacolour', 'redd', 'inherit', 'initial', 'unset', 'revert', 'transparent', 'currentColor']) {
      expect(isNamedColour(word), word).to.equal(false);
    }
  });
});
