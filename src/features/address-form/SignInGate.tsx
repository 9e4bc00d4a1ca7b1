import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { SIGN_IN_REDIRECT_MS } from '../../core/addresses/addresses.ts';
import { emitHostEvent } from '../../core/platform/host-events.ts';
import { isRouterActive, navigate } from '../../core/platform/router.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';

/**
 * Shows its children to a signed-in customer. A guest is sent to sign in after about half a
 * second: the full page goes to /sign-in, an embedded form tells the host page
 * (`sf-sign-in-required`) and then says why nothing is shown.
 */
export function SignInGate({ host, mode, children }: { host: HTMLElement; mode: 'page' | 'modal'; children: ReactNode }) {
  const signedIn = useStore($isSignedIn);
  const [redirected, setRedirected] = useState(false);

  useEffect(() => {
    if (signedIn) return;
    const timer = setTimeout(() => {
      setRedirected(true);
      if (isRouterActive() && mode === 'page') navigate('/sign-in');
      else emitHostEvent('sf-sign-in-required', { reason: 'address' }, host);
    }, SIGN_IN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signedIn, mode, host]);

  if (signedIn) return <>{children}</>;
  if (!redirected) return null;
  return (
    <p role="status" part="sign-in-prompt" className="m-0 rounded-sf bg-black/5 p-4">
      <Trans>Please sign in to save your addresses.</Trans>
    </p>
  );
}
