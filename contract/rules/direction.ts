/** The languages written right to left (the storefront mirrors its layout; documents are laid out right to left). */
const RTL_LOCALES = new Set(['ar', 'he', 'fa', 'ur']);

export function directionOf(locale: string): 'rtl' | 'ltr' {
  return RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
}
