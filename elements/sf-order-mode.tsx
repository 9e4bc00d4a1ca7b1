import { OrderModeSwitch } from '../src/features/order-mode/OrderModeSwitch.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The Delivery/Takeaway switch. Renders nothing unless the vendor enables pickup; the takeaway label is the vendor's
 * terminology. Switching clears the saved promo code, discount, cashback and order images; choosing the current mode does nothing.
 *
 * @tag sf-order-mode
 * @event sf-order-mode-change - The order mode changed. `detail: { mode: 'delivery' | 'pickup' }`.
 * @csspart base - The island's root.
 * @csspart switch - The radio group.
 * @csspart option - Each choice (the chosen one also has `option-selected`).
 * @cssprop --sf-color-button - Background of the chosen mode.
 * @cssprop --sf-color-button-text - Text of the chosen mode.
 */
export type SfOrderModeAttributes = Record<string, never>;

defineIsland<SfOrderModeAttributes>({
  tag: 'sf-order-mode',
  display: 'inline',
  render: ({ host }) => <OrderModeSwitch host={host} />,
});
