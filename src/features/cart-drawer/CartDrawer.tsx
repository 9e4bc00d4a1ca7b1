import { useLayoutEffect } from 'react';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { useOpenState } from '../../ui/useOpenState.ts';

export interface CartDrawerProps {
  /** The element whose actions raise host events. */
  host: HTMLElement;
  /** Controlled open state (the element's `open` attribute); left out, the drawer keeps its own. */
  open?: boolean;
  /** Told when the drawer asks to open (sf-cart-open) or close. */
  onOpenChange?: (open: boolean) => void;
  /** Where View Cart goes on a page without the full-page router (the vendor's checkout page). */
  checkoutHref?: string;
}

/** The panel with the lines and the checkout bar, fetched the first time the drawer opens. */
const CartDrawerPanel = lazyPart('cart-drawer', () => import('./CartDrawerPanel.tsx').then((module) => module.CartDrawerPanel));

/**
 * The cart drawer: listens for sf-cart-open from the start and keeps the open state; the panel itself
 * (CartDrawerPanel) loads when the drawer first opens, so a page whose cart stays closed never fetches it.
 */
export function CartDrawer({ host, open: controlled, onOpenChange, checkoutHref = '/review-cart' }: CartDrawerProps) {
  const [open, setOpen] = useOpenState(controlled, onOpenChange);

  // Subscribed during the commit, so an sf-cart-open sent right after the first render is heard.
  useLayoutEffect(() => {
    const onOpen = () => setOpen(true);
    document.addEventListener('sf-cart-open', onOpen);
    return () => document.removeEventListener('sf-cart-open', onOpen);
  }, [setOpen]);

  return <CartDrawerPanel wanted={open} host={host} open={open} setOpen={setOpen} checkoutHref={checkoutHref} />;
}
