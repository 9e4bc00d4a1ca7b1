import { t } from '@lingui/core/macro';
import { $settings } from '../src/core/settings/settings.ts';
import { shared } from '../src/core/platform/registry.ts';
import { onCorruptStorage } from '../src/core/platform/storage.ts';
import { $toasts, showToast } from '../src/core/platform/toast.ts';

/**
 * Page-wide services every entry starts once: a toaster appears in the page
 * with the first toast, a corrupt saved value is reset with a notice, and the
 * vendor's analytics start when its settings name a tag (its code is fetched
 * only then, and reads the events sent before it arrived).
 */
export function startPage(): void {
  shared('page.started', () => {
    $toasts.subscribe((toasts) => {
      if (toasts.length > 0 && !document.querySelector('sf-toaster')) {
        document.body.append(document.createElement('sf-toaster'));
      }
    });
    $settings.subscribe((settings) => {
      // Present only for a vendor that names a tag (contract/api/settings.ts).
      if (settings?.analytics) void import('../src/core/analytics/analytics.ts').then(({ startAnalytics }) => startAnalytics(settings));
    });
    onCorruptStorage(() => {
      // Translations may still be loading; the notice waits for them.
      setTimeout(() => showToast(t`Some saved data could not be read and was reset.`), 1500);
    });
    return true;
  });
}
