/**
 * Digits as customers type them: an Arabic or Persian keyboard gives Arabic-Indic (٠-٩, U+0660-0669)
 * or Persian (۰-۹, U+06F0-06F9) digits, which the server and the rules read only as 0-9.
 */

/** `text` with each Arabic-Indic or Persian digit written as 0-9; everything else as it was. */
export function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0));
}

/** Only the digits of `text`, as 0-9 (spaces, dashes and anything else dropped). */
export function digitsOnly(text: string): string {
  return westernDigits(text).replace(/[^0-9]/g, '');
}
