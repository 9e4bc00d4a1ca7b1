import { CartButton } from '../src/features/cart-button/CartButton.tsx';
import { InlineRoom } from '../src/ui/Skeleton.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The cart button with a badge of the summed item quantities, shared with every other island and tab.
 *
 * @tag sf-cart-button
 * @event {CustomEvent<null>} sf-cart-open - The customer asked to open the cart (no detail).
 * @event sf-cart-change - The cart changed (dispatched where the change happened, or on document). `detail: { lines, count }`.
 * @csspart base - The island's root.
 * @csspart button - The button.
 * @csspart badge - The quantity badge.
 * @cssprop --sf-color-button - Button background.
 * @cssprop --sf-color-button-text - Icon colour.
 */
export type SfCartButtonAttributes = Record<string, never>;

defineIsland<SfCartButtonAttributes>({
  tag: 'sf-cart-button',
  display: 'inline',
  placeholder: <InlineRoom width={44} height={44} />,
  render: ({ host }) => <CartButton host={host} />,
});
