import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { signInWithSocial, socialProviders, type SocialProvider } from '../../core/session/social.ts';
import { $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';

export interface SocialSignInProps {
  host: HTMLElement;
  onSignedIn?: (() => void) | undefined;
}

/**
 * "Continue with Google" / "Continue with Facebook", each only when the vendor configured it;
 * nothing at all otherwise. The provider's script loads only when its button is pressed.
 */
export function SocialSignIn({ host, onSignedIn }: SocialSignInProps) {
  const settings = useStore($settings);
  const [busy, setBusy] = useState(false);
  const providers = socialProviders(settings);
  if (!settings || providers.length === 0) return null;

  const start = (provider: SocialProvider) => {
    setBusy(true);
    void signInWithSocial(provider, settings, host)
      .then((signedIn) => {
        if (signedIn) onSignedIn?.();
      })
      .finally(() => setBusy(false));
  };

  return (
    <div className="flex flex-col gap-2" part="social-sign-in">
      <p className="m-0 text-center text-sm text-muted">
        <Trans>or</Trans>
      </p>
      {providers.includes('google') && (
        <Button variant="secondary" disabled={busy} onClick={() => start('google')} part="google-sign-in">
          <Trans>Continue with Google</Trans>
        </Button>
      )}
      {providers.includes('facebook') && (
        <Button variant="secondary" disabled={busy} onClick={() => start('facebook')} part="facebook-sign-in">
          <Trans>Continue with Facebook</Trans>
        </Button>
      )}
    </div>
  );
}
