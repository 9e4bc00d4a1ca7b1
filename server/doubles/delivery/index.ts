import type { DeliveryPartnerName } from '../../../contract/rules/delivery-partners.ts';
import { dunzoDouble } from './dunzo.ts';
import type { PartnerDouble } from './kit.ts';
import { porterDouble } from './porter.ts';

/** The local double of every delivery partner, by name (served under /<name> by ../server.ts). */
export const PARTNER_DOUBLES: Record<DeliveryPartnerName, PartnerDouble> = {
  porter: porterDouble,
  dunzo: dunzoDouble,
};

export { answerPartner, type PartnerDouble } from './kit.ts';
