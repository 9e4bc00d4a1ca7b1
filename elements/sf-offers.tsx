import { parseStoreAttribute } from '../src/core/offers/offers.ts';
import { Offers } from '../src/features/offers/Offers.tsx';
import { InlineRoom } from '../src/ui/Skeleton.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The promo codes on offer: an Offers button that opens the list in a modal, or the
 * list in the page with `inline`. Each offer shows its image, name, description cut at 54 characters with
 * More/Less, the code and Copy (a 2-second toast); 'No Offers Available' when there are none. The list is
 * for the current order mode (delivery or pickup coupons) and place, and refreshes when either changes;
 * guests see it too. With `apply`, each offer has an Apply button that sets the promo code the checkout
 * redeems and closes the modal.
 *
 * @tag sf-offers
 * @attr {boolean} inline - Render the list in the page instead of the button and modal (any value but "false").
 * @attr {string} store - Only offers valid at this store and vendor-wide ones: the base64 store id as in restaurant/{restaurant_id} (e.g. `MQ==`), or the plain id.
 * @attr {boolean} apply - An Apply button per offer (any value but "false").
 * @event sf-promo-copy - A code was copied. `detail: { code }`.
 * @event sf-promo-apply - A code was chosen for the checkout. `detail: { code }`.
 * @csspart base - The island's root.
 * @csspart trigger - The Offers button.
 * @csspart offers-dialog - The offers modal.
 * @csspart offers-section - The list's section (inline).
 * @csspart offers - The list of offers.
 * @csspart offer - One offer.
 * @csspart offer-image - An offer's image.
 * @csspart offer-name - An offer's name.
 * @csspart offer-description - An offer's description.
 * @csspart more - The More/Less toggle.
 * @csspart code - The promo code.
 * @csspart copy - The Copy button.
 * @csspart apply - The Apply button (with `apply`).
 * @csspart empty - 'No Offers Available'.
 * @csspart close - The modal's Close button.
 * @csspart error - The failure message with Retry.
 * @cssprop --sf-color-primary - The code's border and the More link.
 * @cssprop --sf-color-button - Apply background.
 * @cssprop --sf-color-button-text - Apply text.
 * @cssprop --sf-color-slider-bg - Image placeholder background.
 * @cssprop --sf-radius - Corner radius.
 */
export interface SfOffersAttributes {
  /** A boolean attribute: the island passes its text (undefined when bare), so the render reads the attribute itself. */
  inline?: string;
  store?: string;
  /** A boolean attribute, read like `inline`. */
  apply?: string;
}

// A bare attribute is empty text, which the island passes as undefined: read the attribute itself.
const flag = (host: HTMLElement, name: string, value: string | undefined) => host.hasAttribute(name) && value !== 'false';

defineIsland<SfOffersAttributes>({
  tag: 'sf-offers',
  display: 'inline',
  placeholder: <InlineRoom width={107} height={40} />,
  attributes: { inline: 'string', store: 'string', apply: 'string' },
  render: ({ host, inline, store, apply }) => (
    <Offers host={host} inline={flag(host, 'inline', inline)} apply={flag(host, 'apply', apply)} storeId={parseStoreAttribute(store)} />
  ),
});
