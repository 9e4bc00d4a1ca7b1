import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $shownFromEarlier, $updateWaiting, reloadToUpdate, startInstalledApp } from '../../core/installed-app/installed-app.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { $online } from '../../core/platform/connection.ts';
import { $route } from '../../core/platform/router.ts';
import { Button } from '../../ui/Button.tsx';

/** The checkout's screens: an update never interrupts them (the old version stays until the customer leaves). */
const UNINTERRUPTED = new Set(['review-cart', 'payment', 'payment-online', 'review-subscription', 'wallet-payment']);

/** When something was saved, as the customer reads a date and time. */
function savedWhen(savedAt: number, locale: string): string {
  return new Intl.DateTimeFormat(locale || undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(savedAt));
}

/**
 * The full page as an installed app: registers its service worker, and says plainly, in one polite line
 * at the foot of the window, when the page is offline, when what it shows is from earlier (and from when),
 * and when a new version is ready to reload into. Not on the checkout's screens, which say what they need
 * themselves (a connection) and are never interrupted by an update.
 */
export function AppStatus() {
  const { t } = useLingui();
  const online = useStore($online);
  const savedAt = useStore($shownFromEarlier);
  const updateWaiting = useStore($updateWaiting);
  const route = useStore($route);
  const locale = useStore($locale);
  useEffect(() => {
    void startInstalledApp().catch(() => undefined);
  }, []);

  const when = savedAt === null ? '' : savedWhen(savedAt, locale);
  let text = '';
  let action: { label: string; run: () => void } | null = null;
  if (UNINTERRUPTED.has(route.name)) {
    // The checkout's own notice speaks there.
  } else if (!online) {
    text = savedAt === null
      ? t`You're offline. You can still look around and fill your cart; ordering needs a connection.`
      : t`You're offline. What you see was saved on ${when}.`;
  } else if (savedAt !== null) {
    text = t`Some of what you see was saved on ${when}.`;
    action = { label: t`Refresh`, run: () => location.reload() };
  } else if (updateWaiting) {
    text = t`A new version of this store is ready.`;
    action = { label: t`Reload to update`, run: reloadToUpdate };
  }
  return (
    <div part="app-status" role="status" className="pointer-events-none fixed inset-x-0 bottom-0 z-[9000] mx-auto w-full max-w-6xl px-4 pb-4 empty:hidden">
      {text && (
        <p className="pointer-events-auto m-0 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-sf border border-black/15 bg-white px-3 py-2 text-sm text-ink shadow-lg">
          <span>{text}</span>
          {action && <Button variant="ghost" className="min-h-[2.75rem] border border-black/20 bg-white" onClick={action.run}>{action.label}</Button>}
        </p>
      )}
    </div>
  );
}
