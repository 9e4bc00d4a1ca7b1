/**
 * Text made safe for HTML or XML, in an element's text or in a quoted attribute value: `&`, `<`, `>` and
 * both quotes become character references. The server's own pages (the full page's head, the sitemap,
 * the test payment page, the page of one-time codes) and its drawn SVG pictures write vendor and
 * customer data through it.
 */
const REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => REFERENCES[char] ?? char);
}
