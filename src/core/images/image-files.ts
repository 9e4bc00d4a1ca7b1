import { t } from '@lingui/core/macro';
import { MAX_ORDER_IMAGE_BYTES, MAX_ORDER_IMAGES } from '../../../contract/constants.ts';
import { say } from '../i18n/messages.ts';
import { ORDER_MESSAGES } from '../cart/order-messages.ts';

/**
 * The rules for an image a customer attaches (order images and bug-report screenshots): at most
 * MAX_ORDER_IMAGES of them, each a PNG, JPEG, WebP or GIF of at most MAX_ORDER_IMAGE_BYTES. The
 * server checks the same again on the bytes.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export type ImageFileProblem = 'limit' | 'type' | 'size';

/** What is wrong with adding `file` to `alreadyChosen` images, or null when it may be added. */
export function imageFileProblem(file: Blob, alreadyChosen: number): ImageFileProblem | null {
  if (alreadyChosen >= MAX_ORDER_IMAGES) return 'limit';
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_ORDER_IMAGE_BYTES) return 'size';
  return null;
}

/** The customer's text for a problem ('You have reached max image upload limit' for the limit). */
export function imageFileMessage(problem: ImageFileProblem): string {
  switch (problem) {
    case 'limit':
      return say(ORDER_MESSAGES.maxImageUpload);
    case 'type':
      return t`Choose a PNG, JPEG, WebP or GIF image`;
    case 'size':
      return t`The image must be 2 MB or smaller`;
  }
}

/** The file as a data URL, the way the server takes images. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
