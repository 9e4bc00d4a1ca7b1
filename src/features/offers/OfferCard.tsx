import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Coupon } from '../../../contract/api/offers.ts';
import { assetUrl } from '../../core/platform/config.ts';
import { say } from '../../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../../core/i18n/screen-messages.ts';
import { cutDescription } from '../../core/offers/offers.ts';
import { Button } from '../../ui/Button.tsx';
import { useHeadingTags } from '../../ui/headings.tsx';

export interface OfferCardProps {
  coupon: Coupon;
  onCopy: (code: string) => void;
  /** Present: an Apply button per coupon. */
  onApply?: ((code: string) => void) | undefined;
}

/** One promo code: image, name, description (54 characters, More/Less), the code, Copy and Apply. */
export function OfferCard({ coupon, onCopy, onApply }: OfferCardProps) {
  const { t } = useLingui();
  const NameHeading = useHeadingTags().section;
  const [expanded, setExpanded] = useState(false);
  const descriptionId = useId();
  const { short, isCut } = cutDescription(coupon.description);
  const code = coupon.coupon_code;
  return (
    <li part="offer" className="flex gap-3 rounded-sf border border-black/10 p-3">
      {coupon.coupon_image ? (
        <img part="offer-image" src={assetUrl(coupon.coupon_image)} alt="" loading="lazy" className="h-16 w-16 shrink-0 rounded-sf bg-slider object-cover" />
      ) : (
        <span part="offer-image" aria-hidden="true" className="h-16 w-16 shrink-0 rounded-sf bg-slider" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <NameHeading part="offer-name" className="m-0 text-base font-semibold">{coupon.coupon_name}</NameHeading>
        {coupon.description && (
          <p part="offer-description" id={descriptionId} className="m-0 text-sm text-muted">
            {expanded || !isCut ? coupon.description : short}{' '}
            {isCut && (
              <button
                type="button"
                part="more"
                aria-expanded={expanded}
                aria-controls={descriptionId}
                className="font-medium text-primary underline"
                onClick={() => setExpanded(!expanded)}
              >
                {expanded ? t`Less` : t`More`}
              </button>
            )}
          </p>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className="sr-only"><Trans>Code</Trans></span>
          <code part="code" className="rounded-sf border border-dashed border-primary px-2 py-1 font-mono text-sm font-semibold">{code}</code>
          <Button variant="ghost" part="copy" className="px-3 py-1 text-sm" aria-label={t`Copy code ${code}`} onClick={() => onCopy(code)}>
            {say(SCREEN_MESSAGES.copy)}
          </Button>
          {onApply && (
            <Button part="apply" className="ms-auto px-3 py-1 text-sm" aria-label={t`Apply code ${code}`} onClick={() => onApply(code)}>
              <Trans>Apply</Trans>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
