import { useLingui } from '@lingui/react/macro';
import { Toaster } from '../src/ui/Toaster.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The page's toasts, at the bottom centre of the window. Added to the page automatically; place one yourself to choose where it lives in the DOM.
 *
 * @tag sf-toaster
 * @csspart base - The island's root.
 * @csspart toasts - The toast stack.
 * @csspart toast - One toast (also `toast-info`, `toast-success`, `toast-error`).
 */
export type SfToasterAttributes = Record<string, never>;

function PageToaster() {
  const { t } = useLingui();
  return <Toaster dismissLabel={t`Dismiss`} />;
}

defineIsland<SfToasterAttributes>({
  tag: 'sf-toaster',
  render: () => <PageToaster />,
});
