import type { ServerModule } from '../module.ts';
import { mediaRoutes } from './routes/media.ts';

/** The demo's pictures, drawn on request: logos and favicons in the vendor's theme, store, item, banner and coupon images. */
export const mediaModule: ServerModule = { name: 'media', rootRoutes: () => [mediaRoutes] };

export { renderSvg, type Theme } from './domain/svg.ts';
export { drawnLogoOf, logoLook, type DrawnLogo } from './domain/logos.ts';
export { pngChunk } from './domain/png.ts';
export { artFor, type ArtName } from './domain/art.ts';
