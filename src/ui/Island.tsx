import { I18nProvider } from '@lingui/react';
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { startStorefront } from '../core/bootstrap.ts';
import { i18n } from '../core/i18n/i18n.ts';
import { $locale, directionOf } from '../core/i18n/locale.ts';
import { $settingsStatus } from '../core/settings/settings.ts';
import { $stylesReady } from './styles.ts';

export interface IslandProps {
  /** The custom element hosting this island; events start here. */
  host: HTMLElement;
  children: ReactNode;
  /** 'inline' for islands that sit in a line of the host page (buttons). */
  display?: 'block' | 'inline';
  /** What shows while the language and vendor settings load. */
  placeholder?: ReactNode;
}

/**
 * The root of every island: starts the storefront once per page, sets the
 * language and direction on the host and inside the shadow root (the rtl:
 * variant looks inside), and provides translations once the vendor's settings
 * and the stylesheets are in.
 */
export function Island({ host, children, display = 'block', placeholder }: IslandProps) {
  const locale = useStore($locale);
  const status = useStore($settingsStatus);
  const stylesReady = useStore($stylesReady);
  const dir = directionOf(locale);

  useEffect(() => {
    void startStorefront();
  }, []);

  useEffect(() => {
    host.setAttribute('dir', dir);
    host.setAttribute('lang', locale);
  }, [host, dir, locale]);

  const ready = status !== 'idle' && status !== 'loading' && stylesReady;
  return (
    <div className="sf-root" part="base" dir={dir} lang={locale} data-display={display} aria-busy={ready ? undefined : 'true'}>
      {ready ? <I18nProvider i18n={i18n}>{children}</I18nProvider> : placeholder}
    </div>
  );
}
