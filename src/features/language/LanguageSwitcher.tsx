import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $locale, isKnownLocale, LANGUAGE_NAMES, shouldShowSwitcher, switchLocale } from '../../core/i18n/locale.ts';
import { $settings } from '../../core/settings/settings.ts';

/** The language selector; shown only when the vendor offers more than one language. */
export function LanguageSwitcher({ host }: { host: HTMLElement }) {
  const { t } = useLingui();
  const id = useId();
  const settings = useStore($settings);
  const locale = useStore($locale);
  const offered = (settings?.languages ?? []).filter(isKnownLocale);
  if (!shouldShowSwitcher(offered)) return null;
  return (
    <span className="inline-flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select
        id={id}
        part="select"
        value={locale}
        className="rounded-sf border border-black/20 bg-white px-2 py-1 text-ink"
        onChange={(event) => {
          const next = event.target.value;
          if (isKnownLocale(next)) switchLocale(next, host);
        }}
      >
        {offered.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
