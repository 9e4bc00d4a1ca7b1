// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { AttachedImages } from './AttachedImages.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
});

async function renderImages(images: readonly string[], removed: string[]): Promise<HTMLElement> {
  const host = document.createElement('div');
  root = createRoot(host);
  await act(async () => root?.render(
    <AttachedImages
      images={images}
      parts={{ list: 'images', image: 'image', remove: 'image-remove' }}
      keyOf={(image) => image}
      thumbnail={(image, index) => <img src={`/${image}`} alt={`Image ${index + 1}`} />}
      removeLabel={(index) => `Remove image ${index + 1}`}
      onRemove={(image, index) => removed.push(`${image}@${index}`)}
    />,
  ));
  return host;
}

describe('AttachedImages', () => {
  it('shows nothing while there are no images', async () => {
    const host = await renderImages([], []);
    expect(host.innerHTML).toBe('');
  });

  it('lists each thumbnail with its named remove button, under the given parts', async () => {
    const host = await renderImages(['a.png', 'b.png'], []);
    expect(host.querySelector('ul')?.getAttribute('part')).toBe('images');
    const items = [...host.querySelectorAll('li')];
    expect(items.map((item) => item.getAttribute('part'))).toEqual(['image', 'image']);
    expect(items.map((item) => item.querySelector('img')?.getAttribute('alt'))).toEqual(['Image 1', 'Image 2']);
    const buttons = items.map((item) => item.querySelector('button'));
    expect(buttons.map((button) => button?.getAttribute('part'))).toEqual(['image-remove', 'image-remove']);
    expect(buttons.map((button) => button?.getAttribute('aria-label'))).toEqual(['Remove image 1', 'Remove image 2']);
    expect(buttons.map((button) => button?.getAttribute('type'))).toEqual(['button', 'button']);
    expect(buttons.map((button) => button?.textContent)).toEqual(['×', '×']);
  });

  it('removes the image whose button is pressed', async () => {
    const removed: string[] = [];
    const host = await renderImages(['a.png', 'b.png'], removed);
    await act(async () => host.querySelectorAll('button')[1]?.click());
    expect(removed).toEqual(['b.png@1']);
  });
});
