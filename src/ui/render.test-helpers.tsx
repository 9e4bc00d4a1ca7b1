/**
 * Test-only: mounts React into the test's document (happy-dom) as the storefront does, inside the
 * translations' provider, and unmounts whatever a test mounted after it.
 *
 *   const host = await mount(<TipChooser />);
 */
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach } from 'vitest';
import { i18n } from '../core/i18n/i18n.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const unmount of mounted.splice(0)) await unmount();
});

/** Renders `node` into a new element of the body; answers that element. */
export async function mount(node: ReactNode): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
  mounted.push(async () => {
    await act(async () => root.unmount());
    host.remove();
  });
  return host;
}
