import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { emitHostEvent } from '../core/platform/host-events.ts';
import { isRouterActive, navigateToSignIn } from '../core/platform/router.ts';
import { Button } from './Button.tsx';

/**
 * A guest must sign in for this: the full page's sign-in (coming back to `returnTo`, this page by default);
 * embedded, `sf-sign-in-required` with `reason` from `host`, for the vendor's page to show its sign-in.
 */
export function askToSignIn(host: HTMLElement | undefined, reason: string, returnTo = `${location.pathname}${location.search}`): void {
  if (isRouterActive()) navigateToSignIn(returnTo);
  else emitHostEvent('sf-sign-in-required', { reason }, host);
}

/**
 * What a guest sees instead of their orders (or their wallet): like the cart drawer, sign-in in the full
 * page, `sf-sign-in-required` (detail `{ reason }`, 'orders' unless told) embedded.
 */
export function SignInPrompt({ host, children, reason = 'orders' }: { host: HTMLElement; children?: ReactNode; reason?: string }) {
  const signIn = () => askToSignIn(host, reason, location.pathname);
  return (
    <div role="status" part="sign-in-prompt" className="flex flex-wrap items-center gap-3 rounded-sf bg-black/5 p-4">
      <p className="m-0 flex-1">{children ?? <Trans>Sign in to see your orders.</Trans>}</p>
      <Button part="sign-in" onClick={signIn}><Trans>Sign In</Trans></Button>
    </div>
  );
}
