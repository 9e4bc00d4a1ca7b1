import { Trans } from '@lingui/react/macro';
import { emitHostEvent } from '../../core/platform/host-events.ts';
import { isRouterActive, navigateToSignIn } from '../../core/platform/router.ts';
import { Button } from '../../ui/Button.tsx';

/** What a guest sees instead of orders: like the cart drawer, sign-in in the full page, `sf-sign-in-required` embedded. */
export function SignInPrompt({ host }: { host: HTMLElement }) {
  const signIn = () => {
    if (isRouterActive()) navigateToSignIn(location.pathname);
    else emitHostEvent('sf-sign-in-required', { reason: 'orders' }, host);
  };
  return (
    <div role="status" part="sign-in-prompt" className="flex flex-wrap items-center gap-3 rounded-sf bg-black/5 p-4">
      <p className="m-0 flex-1"><Trans>Sign in to see your orders.</Trans></p>
      <Button part="sign-in" onClick={signIn}><Trans>Sign In</Trans></Button>
    </div>
  );
}
