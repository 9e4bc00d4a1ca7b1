/**
 * A named colour, as the browser's CSS parser knows it (the server checks the same names against the
 * CSS list, which the pages need not carry). The CSS-wide keywords and the two names the server
 * refuses are refused here too; a system colour (`Canvas`) passes, and is a colour. Nothing passes
 * where there is no CSS (a server render): the default colour stands in.
 */
export const isNamedColour = (word: string): boolean =>
  !/^(?:transparent|currentcolor|inherit|initial|unset|revert)$/i.test(word) && typeof CSS !== 'undefined' && CSS.supports('color', word);
