import type { ReactNode } from 'react';

export interface AttachedImagesProps<Image> {
  images: readonly Image[];
  /** `::part` names: of the list, of each image and of its remove button. */
  parts: { list: string; image: string; remove: string };
  keyOf: (image: Image, index: number) => string;
  /** The image's thumbnail, or what stands in for it. */
  thumbnail: (image: Image, index: number) => ReactNode;
  /** The remove button's accessible name (it shows only ×). */
  removeLabel: (index: number) => string;
  onRemove: (image: Image, index: number) => void;
}

/** The images attached to a form (an order's, a bug report's): thumbnails with a × that removes each; nothing while there are none. */
export function AttachedImages<Image>({ images, parts, keyOf, thumbnail, removeLabel, onRemove }: AttachedImagesProps<Image>) {
  if (images.length === 0) return null;
  return (
    <ul part={parts.list} className="m-0 flex list-none flex-wrap gap-2 p-0">
      {images.map((image, index) => (
        <li key={keyOf(image, index)} part={parts.image} className="relative">
          {thumbnail(image, index)}
          <button
            type="button"
            part={parts.remove}
            aria-label={removeLabel(index)}
            onClick={() => onRemove(image, index)}
            className="absolute end-1 top-1 flex h-6 w-6 items-center justify-center rounded-full bg-black/70 text-white"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
