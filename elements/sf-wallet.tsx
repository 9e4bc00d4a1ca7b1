import { Wallet } from '../src/features/wallet/Wallet.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The signed-in customer's wallet: the balance; Add money with the vendor's one-tap amounts or any amount
 * (checked as typed: 'Please enter an amount', the vendor's minimum, 'Wallet Recharge Limit exceeded'),
 * then the vendor's payment page and back here, where the outcome is said once; and the history of
 * credits and debits (order payments, refunds, cashback, recharges), newest first, 20 at a time.
 * A guest sees a sign-in prompt: the full-page storefront goes to /sign-in, an embedded wallet dispatches
 * `sf-sign-in-required`.
 *
 * @tag sf-wallet
 * @attr {string} order-href - Link of an order named in the history; `{id}` is the order id. Default `/order-details/{id}`.
 * @attr {string} return-url - Where the payment page comes back to (on the vendor's own site). Default this page.
 * @event sf-wallet-recharged - A recharge came back paid and was credited. `detail: { amount }`.
 * @event sf-sign-in-required - A guest pressed Sign In. `detail: { reason: 'wallet' }`.
 * @csspart base - The island's root.
 * @csspart wallet - The section.
 * @csspart balance-card - The balance and the last recharge's outcome.
 * @csspart balance - The balance.
 * @csspart recharge-result - The outcome of the recharge the page came back from.
 * @csspart recharge-form - The Add money form.
 * @csspart amounts - The one-tap amounts.
 * @csspart amount - One of them; the chosen one also has `amount-selected`.
 * @csspart amount-input - The amount field.
 * @csspart providers - The payment providers to choose from (when the vendor offers more than one).
 * @csspart provider - One of them; the chosen one also has `provider-selected`.
 * @csspart no-providers - The text shown when no online payment is offered.
 * @csspart recharge - The Add button.
 * @csspart history - The history section.
 * @csspart transactions - The list of history lines.
 * @csspart transaction - A line.
 * @csspart transaction-kind - What the line was for.
 * @csspart transaction-order - The link to its order.
 * @csspart transaction-amount - Its amount, also `credit` or `debit`.
 * @csspart more-transactions - The Show more button.
 * @csspart empty - The text of an empty history.
 * @csspart unavailable - The text shown when the vendor has no wallet.
 * @csspart sign-in-prompt - The prompt a guest sees.
 * @csspart sign-in - Its Sign In button.
 * @csspart error - The failure message with Retry.
 * @cssprop --sf-color-primary - The balance card's tint, the chosen amount and links.
 * @cssprop --sf-color-button - Add button background.
 * @cssprop --sf-color-button-text - Add button text.
 * @cssprop --sf-color-text - Text colour.
 * @cssprop --sf-color-text-muted - Secondary text colour.
 * @cssprop --sf-radius - Corner radius.
 */
export interface SfWalletAttributes {
  orderHref?: string;
  returnUrl?: string;
}

defineIsland<SfWalletAttributes>({
  tag: 'sf-wallet',
  attributes: { orderHref: 'string', returnUrl: 'string' },
  render: ({ host, orderHref, returnUrl }) => <Wallet host={host} orderHref={orderHref || undefined} returnUrl={returnUrl || undefined} />,
});
