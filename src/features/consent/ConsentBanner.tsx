import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { safeUrl } from '../../../contract/rules/urls.ts';
import { chooseConsent, startAnalytics } from '../../core/analytics/analytics.ts';
import { $consent, $consentSettingsOpen, ACCEPTED, REFUSED, type ConsentChoice } from '../../core/analytics/consent.ts';
import { $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/**
 * The customer's say over analytics: a banner while they have not chosen (Accept all, Reject all and
 * Settings, side by side and alike, so refusing is as easy as agreeing), and the settings, where each
 * purpose is switched on or off and a choice can be changed at any time.
 */
export function ConsentBanner({ settingsButton = false }: { settingsButton?: boolean }) {
  const { t } = useLingui();
  const consent = useStore($consent);
  const settingsOpen = useStore($consentSettingsOpen);
  const settings = useStore($settings);
  const titleId = useId();
  // The element is vendor analytics' entry: the page adds it for a vendor whose settings name a tag.
  useEffect(() => {
    if (settings) startAnalytics(settings);
  }, [settings]);
  if (!settings) return null;
  const choose = (choice: ConsentChoice) => chooseConsent(settings.vendor_id, choice);
  // The vendor's privacy policy, under the URL rule like every address from the settings.
  const privacyUrl = safeUrl(settings.pages?.privacypolicy_url, 'link');
  return (
    <>
      {settingsButton && settings.analytics && (
        <button
          type="button" part="settings-button" onClick={() => $consentSettingsOpen.set(true)}
          className="inline-flex min-h-[1.5rem] items-center py-1 text-sm underline underline-offset-2"
        >
          {t`Privacy settings`}
        </button>
      )}
      {consent.source === 'asking' && !settingsOpen && (
        <section
          part="banner"
          aria-labelledby={titleId}
          className="sf-fade-in fixed inset-x-0 bottom-0 z-[9998] border-t border-black/10 bg-white p-4 text-ink shadow-2xl"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-end md:justify-between">
            <div className="min-w-0">
              <h2 id={titleId} className="m-0 text-base font-semibold">{t`Your privacy`}</h2>
              <p className="m-0 mt-1 text-sm">
                <Trans>We would like to measure how our store is used, to improve it, and to measure our advertising. Nothing is measured unless you agree.</Trans>
                {privacyUrl && (
                  <>
                    {' '}
                    <a href={privacyUrl} className="text-primary underline">{t`Privacy Policy`}</a>
                  </>
                )}
              </p>
            </div>
            <div part="banner-actions" className="flex shrink-0 flex-wrap gap-2">
              <Button part="accept" onClick={() => choose(ACCEPTED)}>{t`Accept all`}</Button>
              <Button part="reject" onClick={() => choose(REFUSED)}>{t`Reject all`}</Button>
              <Button part="settings" variant="ghost" className="border border-black/20" onClick={() => $consentSettingsOpen.set(true)}>{t`Settings`}</Button>
            </div>
          </div>
        </section>
      )}
      <ConsentSettings open={settingsOpen} choice={consent.choice} browserRefuses={consent.source === 'browser'} onChoose={choose} />
    </>
  );
}

interface ConsentSettingsProps {
  open: boolean;
  choice: ConsentChoice | null;
  /** The browser's Global Privacy Control refuses for the customer: nothing to switch on. */
  browserRefuses: boolean;
  onChoose: (choice: ConsentChoice) => void;
}

function ConsentSettings({ open, choice, browserRefuses, onChoose }: ConsentSettingsProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<ConsentChoice>(choice ?? REFUSED);
  useEffect(() => {
    if (open) setDraft(choice ?? REFUSED);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Dialog open={open} title={t`Privacy settings`} onClose={() => $consentSettingsOpen.set(false)} part="settings-dialog">
      <div className="flex flex-col gap-4 p-4 pt-0">
        {browserRefuses ? (
          <p part="browser-refuses" className="m-0 text-sm">
            <Trans>Your browser asks sites not to share or sell your data (Global Privacy Control), so measurement and marketing stay off.</Trans>
          </p>
        ) : (
          <>
            <p className="m-0 text-sm"><Trans>Choose what we may use. You can change it at any time under Privacy settings.</Trans></p>
            <PurposeSwitch
              part="measure" checked={draft.analytics} onChange={(analytics) => setDraft({ ...draft, analytics })} name={t`Measurement`}
              description={t`Counts visits and what is ordered, without your name or contact details, so the store can be improved.`}
            />
            <PurposeSwitch
              part="marketing" checked={draft.marketing} onChange={(marketing) => setDraft({ ...draft, marketing })} name={t`Marketing`}
              description={t`Tells our advertising partners which visits led to an order, so our ads can be measured.`}
            />
            <div className="flex flex-wrap gap-2">
              <Button part="save" onClick={() => onChoose(draft)}>{t`Save choices`}</Button>
              <Button part="accept-all" variant="ghost" className="border border-black/20" onClick={() => onChoose(ACCEPTED)}>{t`Accept all`}</Button>
              <Button part="reject-all" variant="ghost" className="border border-black/20" onClick={() => onChoose(REFUSED)}>{t`Reject all`}</Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

/** One purpose the customer switches on or off: a checkbox labelled by its name and what it does. */
function PurposeSwitch({ part, checked, onChange, name, description }: {
  part: string; checked: boolean; onChange: (checked: boolean) => void; name: string; description: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" part={part} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} className="mt-1 h-5 w-5 shrink-0" />
      <label htmlFor={id} className="text-sm">
        <span className="block font-medium">{name}</span>
        <span className="block text-muted">{description}</span>
      </label>
    </div>
  );
}
