import { t } from '@lingui/core/macro';
import { shared } from '../src/core/platform/registry.ts';
import { onCorruptStorage } from '../src/core/platform/storage.ts';
import { $toasts, showToast } from '../src/core/platform/toast.ts';

/**
 * Page-wide services every entry starts once: a toaster appears in the page
 * with the first toast, and a corrupt saved value is reset with a notice.
 */
export function startPage(): void {
  shared('page.started', () => {
    $toasts.subscribe((toasts) => {
      if (toasts.length > 0 && !document.querySelector('sf-toaster')) {
        document.body.append(document.createElement('sf-toaster'));
      }
    });
    onCorruptStorage(() => {
      // Translations may still be loading; the notice waits for them.
      setTimeout(() => showToast(t`Some saved data could not be read and was reset.`), 1500);
    });
    return true;
  });
}
