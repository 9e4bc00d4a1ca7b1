import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import { $locale, isKnownLocale, LANGUAGE_NAMES, shouldShowSwitcher, switchLocale } from '../../core/i18n/locale.ts';
import { $settings } from '../../core/settings/settings.ts';

/** The language selector; shown only when the vendor offers more than one language. */
export function LanguageSwitcher({ host }: { host: HTMLElement }) {
  const { t } = useLingui();
  const id = useId();
  const settings = useStore($settings);
  const locale = useStore($locale);
  const offered = (settings?.languages ?? []).filter(isKnownLocale);
  // Arrow keys change a closed select's value at once on Windows and Linux: a language chosen by keyboard
  // is taken on Enter or when the focus leaves, never while the customer is still looking (WCAG 3.2.2).
  const byKeyboard = useRef(false);
  const [shown, setShown] = useState<string | null>(null);
  if (!shouldShowSwitcher(offered)) return null;
  const take = (next: string) => {
    if (isKnownLocale(next)) switchLocale(next, host);
  };
  return (
    <span className="inline-flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select
        id={id}
        part="select"
        value={shown ?? locale}
        className="rounded-sf border border-gray-500 bg-white px-2 py-1 text-ink"
        onKeyDown={(event) => {
          byKeyboard.current = event.key !== 'Enter' && event.key !== 'Tab';
          if (event.key === 'Enter') take(event.currentTarget.value);
          // Escape gives up a language moved to by arrows: leaving then changes nothing.
          if (event.key === 'Escape') setShown(null);
        }}
        onPointerDown={() => {
          byKeyboard.current = false;
        }}
        onChange={(event) => {
          setShown(event.currentTarget.value);
          if (!byKeyboard.current) take(event.currentTarget.value);
        }}
        onBlur={(event) => take(event.currentTarget.value)}
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
