import { ORDER_CODES } from '../../../contract/constants.ts';
import { callApi } from '../api/client.ts';
import { $orderUploadImages } from '../cart/cart.ts';
import { IMAGE_TYPES, imageFileMessage, imageFileProblem, readAsDataUrl } from '../images/image-files.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { ORDER_MESSAGES } from '../cart/order-messages.ts';
import { persistentAtom } from '../platform/storage.ts';
import { showError } from '../platform/toast.ts';

export const ORDER_IMAGE_TYPES = IMAGE_TYPES;

/** Thumbnail address of each uploaded token (orderUploadImages keeps only the tokens). */
export const $orderImageUrls = persistentAtom<Record<string, string>>('orderUploadImageUrls', {}, {
  isValid: (value): value is Record<string, string> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((url) => typeof url === 'string'),
});

export type UploadOutcome = 'ok' | 'limit' | 'type' | 'size' | 'failed';

/** upload-order-images: at most MAX_ORDER_IMAGES per order ('You have reached max image upload limit'). */
export async function uploadOrderImage(file: Blob): Promise<UploadOutcome> {
  const problem = imageFileProblem(file, $orderUploadImages.get().length);
  if (problem) {
    showError(imageFileMessage(problem));
    return problem;
  }
  try {
    const image = await readAsDataUrl(file);
    const response = await callApi('upload-order-images', { image });
    if (response.code === ORDER_CODES.imageLimit) {
      showError(say(ORDER_MESSAGES.maxImageUpload));
      return 'limit';
    }
    if (response.code !== 200 || !response.Result?.token) {
      showError(response.msg || say(MESSAGES.somethingWentWrong));
      return 'failed';
    }
    const { token, url } = response.Result;
    $orderImageUrls.set({ ...$orderImageUrls.get(), [token]: url });
    $orderUploadImages.set([...$orderUploadImages.get().filter((existing) => existing !== token), token]);
    return 'ok';
  } catch {
    return 'failed';
  }
}

const removing = new Set<string>();

/** remove-order-image; the token leaves the list once the server agrees (or no longer knows it). */
export async function removeOrderImage(token: string): Promise<boolean> {
  removing.add(token); // the watcher below must not remove it a second time
  try {
    const response = await callApi('remove-order-image', { token });
    if (response.code !== 200 && response.code !== ORDER_CODES.notFound) {
      showError(response.msg || say(MESSAGES.somethingWentWrong));
      return false;
    }
    $orderUploadImages.set($orderUploadImages.get().filter((existing) => existing !== token));
    return true;
  } catch {
    return false;
  } finally {
    removing.delete(token);
  }
}

/**
 * Images dropped from the draft some other way (the cart emptied, the order mode switched, the order
 * placed) lose their thumbnails here; those still pending on the server are removed there too, so they
 * stop counting toward the upload limit (the server keeps only its own customer's pending ones).
 * `from` is the draft's tokens when watching began.
 */
export function watchDroppedOrderImages(isSignedIn: () => boolean, from: readonly string[] = $orderUploadImages.get()): () => void {
  let previous = from;
  return $orderUploadImages.listen((tokens) => {
    const dropped = previous.filter((token) => !tokens.includes(token));
    previous = tokens;
    if (dropped.length === 0) return;
    const urls = { ...$orderImageUrls.get() };
    for (const token of dropped) {
      delete urls[token];
      // A placed order's images are bound to it: the server answers 101 and keeps them.
      if (isSignedIn() && !removing.has(token)) void callApi('remove-order-image', { token }).catch(() => undefined);
    }
    $orderImageUrls.set(urls);
  });
}
