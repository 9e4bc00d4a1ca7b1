import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { useOpenState } from '../../ui/useOpenState.ts';

export interface SideMenuProps {
  /** The element whose actions raise host events (sign-out). */
  host: HTMLElement;
  /** Controlled open state (the element's `open` attribute); left out, the menu keeps its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Leaves Support out whatever the vendor's support details. */
  hideSupport?: boolean;
  /** Where the developer credit links to; without it the credit is plain text. */
  developerUrl?: string;
  /** More rows under the menu's links (the full page puts what its narrow header leaves out here). */
  extra?: ReactNode;
}

/** The menu button that opens the side menu (three lines, labelled Menu). */
export function SideMenuButton({ expanded, onClick }: { expanded: boolean; onClick: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      part="menu-button"
      aria-label={t`Menu`}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onClick}
      className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-black/5"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M4 6h16M4 12h16M4 18h16" />
      </svg>
    </button>
  );
}

/** The drawer, fetched the first time the menu opens: a page whose menu stays shut never downloads it. */
const LazyDrawer = lazyPart('side-menu', () => import('./SideMenuDrawer.tsx').then((module) => module.SideMenuDrawer));

/**
 * The side menu: the menu button and a drawer at the inline start (SideMenuDrawer) with the spec's items,
 * the wallet balance, Sign Out after confirmation, the store-app links and the developer credit.
 */
export function SideMenu({ open: controlled, onOpenChange, ...drawer }: SideMenuProps) {
  const [open, setOpen] = useOpenState(controlled, onOpenChange);
  return (
    <>
      <SideMenuButton expanded={open} onClick={() => setOpen(true)} />
      <LazyDrawer wanted={open} open={open} close={() => setOpen(false)} {...drawer} />
    </>
  );
}
