import { Trans } from '@lingui/react/macro';
import { MESSAGES, say } from '../core/i18n/messages.ts';
import { Button } from './Button.tsx';

/** What an island shows when a request failed: 'Something went wrong, Please try again.' and a Retry, never a blank island. */
export function LoadFailed({ onRetry, className = 'flex flex-wrap items-center gap-3' }: { onRetry: () => void; className?: string }) {
  return (
    <div role="alert" part="error" className={className}>
      <p className="m-0">{say(MESSAGES.somethingWentWrongTryAgain)}</p>
      <Button onClick={onRetry}>
        <Trans>Retry</Trans>
      </Button>
    </div>
  );
}
