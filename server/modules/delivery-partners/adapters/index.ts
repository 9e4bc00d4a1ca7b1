import type { DeliveryPartnerName } from '../../../../contract/rules/delivery-partners.ts';
import type { DeliveryPartnerAdapter } from '../domain/kit.ts';
import { dunzoAdapter } from './dunzo.ts';
import { porterAdapter } from './porter.ts';

/** Every delivery partner's adapter, by name. */
export const PARTNER_ADAPTERS: Record<DeliveryPartnerName, DeliveryPartnerAdapter> = {
  porter: porterAdapter,
  dunzo: dunzoAdapter,
};
