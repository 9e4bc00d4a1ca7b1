import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { PriceBreakdown } from '../../../contract/api/checkout.ts';
import { DELIVERY_PARTNERS, isDeliveryPartnerName } from '../../../contract/rules/delivery-partners.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { formatNumber, formatPrice } from '../../core/i18n/money.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';

function Row({ label, value, part, strong = false }: { label: ReactNode; value: string; part: string; strong?: boolean }) {
  return (
    <div part={part} className={`flex justify-between gap-4 ${strong ? 'border-t border-black/10 pt-2 text-lg font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="m-0 whitespace-nowrap">{value}</dd>
    </div>
  );
}

/** The server's price breakdown: item total, tax under its name, packaging, delivery with distance, discount or cashback, tip, total. */
export function PriceSummary({ breakdown, loading }: { breakdown: PriceBreakdown; loading: boolean }) {
  const money = useStore($moneyFormat);
  const locale = useStore($locale);
  const price = (value: number) => formatPrice(value, money);
  const distance = breakdown.distance_km === null ? '' : formatNumber(breakdown.distance_km, locale, 0, 1);
  // Delivery by a partner: its quoted fare is the delivery charge.
  const partner = isDeliveryPartnerName(breakdown.delivery_partner) ? DELIVERY_PARTNERS[breakdown.delivery_partner].title : '';
  // While re-pricing the old bill stays readable (dimming it failed contrast); a status line says it is updating.
  return (
    <>
    {loading && <p part="bill-updating" role="status" className="m-0 text-sm text-muted"><Trans>Updating prices…</Trans></p>}
    <dl part="breakdown" aria-busy={loading ? 'true' : undefined} className="m-0 flex flex-col gap-2">
      <Row part="item-total" label={<Trans>Item total</Trans>} value={price(breakdown.item_total)} />
      {breakdown.tax > 0 && <Row part="tax" label={breakdown.tax_name} value={price(breakdown.tax)} />}
      {breakdown.packaging_charge > 0 && <Row part="packaging" label={<Trans>Packaging charge</Trans>} value={price(breakdown.packaging_charge)} />}
      {breakdown.order_mode === 'delivery' && (
        <Row
          part="delivery-charge"
          label={partner ? <Trans>Delivery by {partner}</Trans> : distance ? <Trans>Delivery charge ({distance} km)</Trans> : <Trans>Delivery charge</Trans>}
          value={price(breakdown.delivery_charge)}
        />
      )}
      {breakdown.discount > 0 && <Row part="discount" label={<Trans>Discount ({breakdown.coupon_code})</Trans>} value={`−${price(breakdown.discount)}`} />}
      {breakdown.cashback > 0 && <Row part="cashback" label={<Trans>Cashback to your wallet after delivery</Trans>} value={price(breakdown.cashback)} />}
      {breakdown.driver_tip > 0 && <Row part="tip" label={<Trans>Driver tip</Trans>} value={price(breakdown.driver_tip)} />}
      <Row part="grand-total" strong label={<Trans>Total</Trans>} value={price(breakdown.total)} />
    </dl>
    </>
  );
}
