import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { cartLineKey } from '../../../contract/rules/cart-line.ts';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { $cart, $cartCount, clearCart, type CartLine } from '../../core/cart/cart.ts';
import { cartTotal, checkoutDecision, lineTotal } from '../../core/cart/totals.ts';
import { checkoutFromCart } from '../../core/cart/checkout-from-cart.ts';
import { storeDetail } from '../../core/store-directory/store-detail.ts';
import { emitHostEvent } from '../../core/platform/host-events.ts';
import { say } from '../../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { formatPrice, type MoneyFormat } from '../../core/i18n/money.ts';
import { navigate } from '../../core/platform/router.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { AlertModal } from '../../ui/AlertModal.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { CartLineControls } from '../../ui/CartLineControls.tsx';
import { FoodMarker } from '../../ui/FoodMarker.tsx';
import { joinList } from '../../core/i18n/locale.ts';

export interface CartDrawerPanelProps {
  /** The element whose actions raise host events. */
  host: HTMLElement;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Where View Cart goes on a page without the full-page router (the vendor's checkout page). */
  checkoutHref: string;
}

/** The store of the cart's lines (for its minimum order value), loaded while the drawer is open. */
function useCartStore(restaurantId: number | null, active: boolean): RestaurantDetail | null {
  const [detail, setDetail] = useState<RestaurantDetail | null>(null);
  useEffect(() => {
    if (!active || restaurantId === null) return;
    if (detail?.restaurant_id === restaurantId) return;
    let current = true;
    storeDetail(restaurantId)
      .then((found) => {
        if (current) setDetail(found);
      })
      .catch(() => {
        if (current) setDetail(null);
      });
    return () => {
      current = false;
    };
  }, [restaurantId, active, detail?.restaurant_id]);
  return detail && detail.restaurant_id === restaurantId ? detail : null;
}

function CartLineRow({ line, index, money }: { line: CartLine; index: number; money: MoneyFormat }) {
  const name = line.name;
  return (
    <li part="line" className="flex items-start gap-3 border-b border-black/10 py-3">
      <span className="pt-1">
        <FoodMarker type={line.item_type === 1 ? 1 : 0} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span part="line-name" className="font-medium">{name}</span>
        {line.selected_type.length > 0 && (
          <span part="line-options" className="text-sm text-black/60">{joinList(line.selected_type, money.locale)}</span>
        )}
        <CartLineControls name={name} quantity={line.quantity} index={index} />
      </div>
      <span part="line-price" className="whitespace-nowrap font-medium">{formatPrice(lineTotal(line), money)}</span>
    </li>
  );
}

/**
 * The cart side panel: a modal drawer at the inline end with the cart lines,
 * Clear Cart (after confirmation) and the checkout bar (its rules: checkoutDecision).
 * Its code is fetched the first time the drawer opens (CartDrawer.tsx).
 */
export function CartDrawerPanel({ host, open, setOpen, checkoutHref }: CartDrawerPanelProps) {
  const { t } = useLingui();
  const lines = useStore($cart);
  const count = useStore($cartCount);
  const money = useStore($moneyFormat);
  const settings = useStore($settings);
  const signedIn = useStore($isSignedIn);
  const [confirming, setConfirming] = useState(false);

  const detail = useCartStore(lines[0]?.restaurant_id ?? null, open && lines.length > 0);
  const total = cartTotal(lines);
  const decision = checkoutDecision({ lines, signedIn, detail });
  const belowMinimum = typeof decision === 'object';
  const showBar = lines.length > 0 && settings?.is_system_available === 1;
  useEffect(() => {
    if (open) emitHostEvent('sf-cart-view', { count }, host);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const viewCart = () => {
    // The drawer closes on the way to sign-in or checkout.
    if (decision === 'sign-in' || decision === 'review-cart') setOpen(false);
    checkoutFromCart(decision, host, { count, total }, () => navigate(checkoutHref));
  };

  const title = <span part="title">{plural(count, { one: 'Cart (# item)', other: 'Cart (# items)' })}</span>;
  const headerActions = (
    <>
      {lines.length > 0 && (
        <button type="button" part="clear" className="text-sm font-medium text-red-700 underline" onClick={() => setConfirming(true)}>
          {say(ORDER_MESSAGES.clearCart)}
        </button>
      )}
      <button type="button" part="close" className="inline-flex h-8 w-8 items-center justify-center rounded-sf text-xl hover:bg-black/5" aria-label={t`Close`} onClick={() => setOpen(false)}>
        ×
      </button>
    </>
  );

  return (
    <Dialog open={open} title={title} headerActions={headerActions} focusTitle onClose={() => setOpen(false)} part="drawer" placement="end">
      {lines.length === 0 ? (
        <p part="empty" className="m-0 py-8 text-center text-black/60">
          <Trans>Your cart is empty. Add items from a store to start an order.</Trans>
        </p>
      ) : (
        <ul part="lines" className="m-0 list-none p-0">
          {lines.map((line, index) => (
            <CartLineRow key={cartLineKey(line)} line={line} index={index} money={money} />
          ))}
        </ul>
      )}
      {showBar && (
        <div part="checkout" className="sticky bottom-0 flex flex-col gap-2 border-t border-black/10 bg-white pt-3">
          {belowMinimum && (
            <p part="minimum" role="alert" className="m-0 text-sm text-red-700">
              {say(ORDER_MESSAGES.minimumItemsTotal, { amount: formatPrice(decision.minimum, money) })}
            </p>
          )}
          <div className="flex items-center gap-3">
            <span className="flex flex-1 flex-col">
              <span part="checkout-count" className="text-sm text-black/60">{plural(count, { one: '# item', other: '# items' })}</span>
              <span part="total" className="text-lg font-semibold">{formatPrice(total, money)}</span>
            </span>
            <Button part="view-cart" disabled={belowMinimum} onClick={viewCart}>
              {t`View Cart`}
            </Button>
          </div>
        </div>
      )}
      <AlertModal
        open={confirming}
        variant="clear-cart"
        part="confirm-dialog"
        confirmPart="confirm-clear"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          clearCart(host);
          setConfirming(false);
        }}
      />
    </Dialog>
  );
}
