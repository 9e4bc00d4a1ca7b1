import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { MAX_ORDER_IMAGES } from '../../../contract/constants.ts';
import { $orderUploadImages } from '../../core/cart/cart.ts';
import { $orderImageUrls, ORDER_IMAGE_TYPES, removeOrderImage, uploadOrderImage } from '../../core/checkout/images.ts';
import { say } from '../../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { assetUrl } from '../../core/platform/config.ts';
import { showError } from '../../core/platform/toast.ts';
import { AttachedImages } from '../../ui/AttachedImages.tsx';

/** Up to 3 images attached to the order (e.g. a shopping list), with thumbnails and remove. */
export function OrderImages() {
  const { t } = useLingui();
  const tokens = useStore($orderUploadImages);
  const urls = useStore($orderImageUrls);
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const full = tokens.length >= MAX_ORDER_IMAGES;
  const thumbnailUrl = (token: string) => assetUrl(urls[token] ?? '');
  return (
    <div className="flex flex-col gap-2">
      <AttachedImages
        images={tokens}
        parts={{ list: 'images', image: 'image', remove: 'image-remove' }}
        keyOf={(token) => token}
        thumbnail={(token, index) => (thumbnailUrl(token)
          ? <img src={thumbnailUrl(token)} alt={t`Attached image ${index + 1}`} className="h-20 w-20 rounded-sf object-cover" />
          : <span className="flex h-20 w-20 items-center justify-center rounded-sf bg-slider text-xs">{t`Image ${index + 1}`}</span>)}
        removeLabel={(index) => t`Remove image ${index + 1}`}
        onRemove={(token) => void removeOrderImage(token)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          part="image-add"
          className={`inline-flex cursor-pointer items-center rounded-sf border border-black/20 px-3 py-2 text-sm font-medium focus-within:ring-2 focus-within:ring-primary ${busy ? 'opacity-50' : ''}`}
        >
          {busy ? <Trans>Uploading…</Trans> : <Trans>Attach images</Trans>}
          <input
            id={inputId}
            type="file"
            accept={ORDER_IMAGE_TYPES.join(',')}
            className="sr-only"
            disabled={busy}
            aria-describedby={`${inputId}-count`}
            // On the input, so a keyboard activation is guarded as well as a click on the label.
            onClick={(event) => {
              if (!full) return;
              event.preventDefault();
              showError(say(ORDER_MESSAGES.maxImageUpload));
            }}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setBusy(true);
              await uploadOrderImage(file);
              setBusy(false);
            }}
          />
        </label>
        <span id={`${inputId}-count`} part="image-count" className="text-sm text-muted">{tokens.length}/{MAX_ORDER_IMAGES}</span>
      </div>
    </div>
  );
}
