import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { enterByQr } from '../core/store-directory/qr-entry.ts';
import { $settings } from '../core/settings/settings.ts';
import { Menu } from '../features/menu/Menu.tsx';

/**
 * qr/{restaurantid}: the customer scanned a store's QR code. The store becomes the selected store, the
 * visit is remembered and the order mode set (core/store-directory/qr-entry.ts); the page is that store's menu,
 * which tells an unknown store (Store not found) and a closed one (its closed notice) itself.
 */
export function QrPage({ host, store }: { host: HTMLElement; store: string }) {
  const settings = useStore($settings);
  useEffect(() => {
    enterByQr(store, settings);
  }, [store]); // eslint-disable-line react-hooks/exhaustive-deps
  return <Menu host={host} store={store} />;
}
