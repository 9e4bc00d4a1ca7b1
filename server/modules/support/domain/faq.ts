import type { FaqEntry } from '../../../../contract/api/faq.ts';
import type { Queryable } from '../../pricing/index.ts';
import type { Vendor } from '../../vendors/index.ts';

/**
 * The vendor's active questions in `lang`, in the vendor's order. A vendor that wrote none in that
 * language answers in its default language rather than with an empty list.
 */
export async function faqFor(q: Queryable, vendor: Pick<Vendor, 'id' | 'default_lang'>, lang: string): Promise<FaqEntry[]> {
  const { rows } = await q.query<FaqEntry & { lang: string }>(
    `SELECT id::int AS id, question, answer, lang FROM faqs
     WHERE vendor_id = $1 AND is_active AND lang IN ($2, $3)
     ORDER BY sort_order, id`,
    [vendor.id, lang, vendor.default_lang],
  );
  const asked = rows.filter((row) => row.lang === lang);
  const chosen = asked.length > 0 ? asked : rows.filter((row) => row.lang === vendor.default_lang);
  return chosen.map(({ id, question, answer }) => ({ id, question, answer }));
}
