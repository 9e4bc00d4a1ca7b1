import type { ServerModule } from '../module.ts';
import { crawlerRoutes } from './routes/site.ts';

/**
 * The vendor's site as browsers and crawlers first read it: the full page's HTML with its head written
 * for the vendor (language, title, settings, what the first screen fetches), robots.txt and sitemap.xml.
 */
export const siteModule: ServerModule = { name: 'site', rootRoutes: () => [crawlerRoutes] };

export { fullPageRenderer } from './routes/site.ts';
export { renderRoutes } from './routes/render.ts';
export { forgetKeptPages } from './routes/kept-pages.ts';
