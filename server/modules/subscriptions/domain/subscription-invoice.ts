import type { SubscriptionInvoice } from '../../../../contract/api/subscriptions.ts';
import { directionOf } from '../../../../contract/rules/direction.ts';
import { addDays, SUBSCRIPTION_TEXTS } from '../../../../contract/rules/subscriptions.ts';
import { localTime } from '../../../../contract/rules/schedule.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import { invoicePdf, type InvoiceLabels } from './invoice-pdf.ts';
import { InputError } from '../../../errors.ts';
import type { SubscriptionContext } from './subscriptions.ts';
import { taxName, toMajor, type Vendor } from '../../vendors/index.ts';

/** The invoice's own words, in the storefront's five languages (English for any other). */
const LABELS: Record<string, InvoiceLabels & { subtotal: string; delivery: string; packaging: string; discount: string; total: string; note: string; frequency_everyday: string; frequency_interval: string; frequency_custom: string }> = {
  en: {
    invoice: 'Invoice', number: 'Invoice number', issued: 'Issued', period: 'Period', customer: 'Customer', store: 'Store', item: 'Item',
    frequency: 'Frequency', date: 'Delivery date', order: 'Order', quantity: 'Quantity', amount: 'Amount', none: 'No deliveries in this period.',
    subtotal: 'Items', delivery: 'Delivery charges', packaging: 'Packaging', discount: 'Discount', total: 'Total',
    note: 'Each delivery was paid from the wallet when its order was created.',
    frequency_everyday: 'Everyday', frequency_interval: 'Every {n} days', frequency_custom: 'Custom',
  },
  ar: {
    invoice: 'فاتورة', number: 'رقم الفاتورة', issued: 'تاريخ الإصدار', period: 'الفترة', customer: 'العميل', store: 'المتجر', item: 'الصنف',
    frequency: 'التكرار', date: 'تاريخ التوصيل', order: 'الطلب', quantity: 'الكمية', amount: 'المبلغ', none: 'لا توجد توصيلات في هذه الفترة.',
    subtotal: 'الأصناف', delivery: 'رسوم التوصيل', packaging: 'التغليف', discount: 'الخصم', total: 'الإجمالي',
    note: 'دُفع كل توصيل من المحفظة عند إنشاء طلبه.',
    frequency_everyday: 'يومياً', frequency_interval: 'كل {n} أيام', frequency_custom: 'أيام مختارة',
  },
  de: {
    invoice: 'Rechnung', number: 'Rechnungsnummer', issued: 'Ausgestellt', period: 'Zeitraum', customer: 'Kunde', store: 'Geschäft', item: 'Artikel',
    frequency: 'Häufigkeit', date: 'Lieferdatum', order: 'Bestellung', quantity: 'Menge', amount: 'Betrag', none: 'Keine Lieferungen in diesem Zeitraum.',
    subtotal: 'Artikel', delivery: 'Liefergebühren', packaging: 'Verpackung', discount: 'Rabatt', total: 'Gesamt',
    note: 'Jede Lieferung wurde bei Erstellung ihrer Bestellung aus dem Guthaben bezahlt.',
    frequency_everyday: 'Täglich', frequency_interval: 'Alle {n} Tage', frequency_custom: 'Gewählte Tage',
  },
  es: {
    invoice: 'Factura', number: 'Número de factura', issued: 'Emitida', period: 'Periodo', customer: 'Cliente', store: 'Tienda', item: 'Artículo',
    frequency: 'Frecuencia', date: 'Fecha de entrega', order: 'Pedido', quantity: 'Cantidad', amount: 'Importe', none: 'Sin entregas en este periodo.',
    subtotal: 'Artículos', delivery: 'Gastos de envío', packaging: 'Embalaje', discount: 'Descuento', total: 'Total',
    note: 'Cada entrega se pagó desde el monedero al crearse su pedido.',
    frequency_everyday: 'Todos los días', frequency_interval: 'Cada {n} días', frequency_custom: 'Días elegidos',
  },
  fr: {
    invoice: 'Facture', number: 'Numéro de facture', issued: 'Émise le', period: 'Période', customer: 'Client', store: 'Magasin', item: 'Article',
    frequency: 'Fréquence', date: 'Date de livraison', order: 'Commande', quantity: 'Quantité', amount: 'Montant', none: 'Aucune livraison sur cette période.',
    subtotal: 'Articles', delivery: 'Frais de livraison', packaging: 'Emballage', discount: 'Remise', total: 'Total',
    note: 'Chaque livraison a été payée depuis le portefeuille à la création de sa commande.',
    frequency_everyday: 'Tous les jours', frequency_interval: 'Tous les {n} jours', frequency_custom: 'Jours choisis',
  },
};

interface BilledRow {
  date: string;
  order_id: number;
  quantity: number;
  item_total_minor: number;
  tax_minor: number;
  delivery_charge_minor: number;
  packaging_minor: number;
  discount_minor: number;
  total_minor: number;
}

/** An amount as the invoice shows it: the currency code, then the number with the currency's digits. */
function money(vendor: Vendor, minor: number): string {
  return `${vendor.currency_code} ${toMajor(vendor, minor).toFixed(vendor.currency_exponent)}`;
}

/**
 * generate_subscription_invoice: the invoice of one month ('YYYY-MM', the store's calendar; this month when
 * none is asked) of the customer's own subscription, as a PDF. It bills the deliveries ordered for that
 * month's dates whose orders were not cancelled, with their charges under the vendor's tax name and currency.
 * The number is the vendor's next one the first time a month that billed a delivery is asked, the same one
 * ever after; a month that billed none (before the subscription, after its end, paused, all cancelled) is
 * refused and takes no number. Undefined when the subscription is not the customer's.
 */
export async function subscriptionInvoice(db: Db, c: SubscriptionContext, id: number, month: string | undefined): Promise<SubscriptionInvoice | undefined> {
  const { vendor } = c;
  const { rows: [sub] } = await db.query<{ id: number; time_zone: string; item_name: string; restaurant_name: string; customer: string; frequency: string; interval_days: number | null; quantity: number }>(
    `SELECT s.id, r.time_zone, coalesce(i.i18n -> $4::text ->> 'name', i.name) AS item_name,
       coalesce(r.i18n -> $4::text ->> 'name', r.name) AS restaurant_name, u.user_name AS customer, s.frequency, s.interval_days, s.quantity
     FROM subscriptions s
     JOIN restaurants r ON r.vendor_id = s.vendor_id AND r.id = s.restaurant_id
     JOIN items i ON i.vendor_id = s.vendor_id AND i.id = s.item_id
     JOIN users u ON u.vendor_id = s.vendor_id AND u.id = s.user_id
     WHERE s.vendor_id = $1 AND s.user_id = $2 AND s.id = $3`,
    [vendor.id, c.userId, id, c.lang],
  );
  if (!sub) return undefined;
  const today = localTime(c.now, sub.time_zone).date;
  const period = month ?? today.slice(0, 7);
  const [year, monthNumber] = period.split('-').map(Number);
  if (!year || !monthNumber || monthNumber < 1 || monthNumber > 12) throw InputError.on('month', 'month must be a month, YYYY-MM');
  const from = `${period}-01`;
  // The first day of the next month.
  const until = `${addDays(from, 31).slice(0, 7)}-01`;

  const { rows } = await db.query<BilledRow>(
    `SELECT to_char(d.delivery_date, 'YYYY-MM-DD') AS date, o.id AS order_id, d.quantity, o.item_total_minor, o.tax_minor,
       o.delivery_charge_minor, o.packaging_minor, o.discount_minor, o.total_minor
     FROM subscription_deliveries d JOIN orders o ON o.vendor_id = d.vendor_id AND o.id = d.order_id
     WHERE d.subscription_id = $1 AND d.status = 'ordered' AND d.delivery_date >= $2::date AND d.delivery_date < $3::date
       AND o.status <> 'cancelled'
     ORDER BY d.delivery_date`,
    [id, from, until],
  );
  /** The month's invoice under `number`. */
  const invoiceOf = async (number: number): Promise<SubscriptionInvoice> => {
    const sum = (key: keyof BilledRow) => rows.reduce((total, row) => total + Number(row[key]), 0);
    const words = LABELS[c.lang] ?? LABELS.en!;
    const totals: Array<[string, string]> = [[words.subtotal, money(vendor, sum('item_total_minor'))], [taxName(vendor, c.lang), money(vendor, sum('tax_minor'))]];
    if (sum('packaging_minor') > 0) totals.push([words.packaging, money(vendor, sum('packaging_minor'))]);
    if (sum('delivery_charge_minor') > 0) totals.push([words.delivery, money(vendor, sum('delivery_charge_minor'))]);
    if (sum('discount_minor') > 0) totals.push([words.discount, `− ${money(vendor, sum('discount_minor'))}`]);
    totals.push([words.total, money(vendor, sum('total_minor'))]);
    const label = `S-${String(number).padStart(6, '0')}`;
    const frequency = sub.frequency === 'everyday' ? words.frequency_everyday
      : sub.frequency === 'interval' ? words.frequency_interval.replace('{n}', String(sub.interval_days ?? 2)) : words.frequency_custom;
    const pdf = await invoicePdf({
      lang: c.lang, rtl: directionOf(c.lang) === 'rtl', labels: words, vendor_name: vendor.name, number: label, issued: today, period,
      customer: sub.customer, store: sub.restaurant_name, item: `${sub.quantity} × ${sub.item_name}`, frequency,
      lines: rows.map((row) => ({ date: row.date, order_id: row.order_id, quantity: row.quantity, amount: money(vendor, row.total_minor) })),
      totals, note: words.note,
    });
    return {
      subscription_id: id, invoice_number: label, period, deliveries: rows.length, total: toMajor(vendor, sum('total_minor')),
      filename: `${label}.pdf`, pdf_base64: pdf.toString('base64'),
    };
  };

  // A month asked before keeps its number. A new one takes the vendor's next only if it billed a delivery, in the
  // same transaction as its PDF (a month that fails takes none), its row held meanwhile so numbers stay in order.
  const { rows: [known] } = await db.query<{ number: number }>(
    'SELECT number FROM subscription_invoices WHERE subscription_id = $1 AND period = $2', [id, period],
  );
  if (known) return invoiceOf(known.number);
  if (rows.length === 0) throw InputError.on('month', SUBSCRIPTION_TEXTS.nothingBilled);
  return inTransaction(db, async (q) => {
    await q.query('SELECT 1 FROM vendors WHERE id = $1 FOR UPDATE', [vendor.id]);
    const { rows: [allocated] } = await q.query<{ number: number }>(
      `INSERT INTO subscription_invoices (vendor_id, subscription_id, period, number)
       SELECT $1, $2, $3, coalesce(max(number), 0) + 1 FROM subscription_invoices WHERE vendor_id = $1
       ON CONFLICT (subscription_id, period) DO UPDATE SET period = EXCLUDED.period RETURNING number`,
      [vendor.id, id, period],
    );
    return invoiceOf(allocated!.number);
  });
}
