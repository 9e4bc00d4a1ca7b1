import type { ServerModule } from '../module.ts';
import { appIconRoutes } from './routes/app-icons.ts';
import { crawlerRoutes } from './routes/site.ts';

/**
 * The vendor's site as browsers and crawlers first read it: the full page's HTML with its head written
 * for the vendor (language, title, settings, what the first screen fetches), robots.txt, sitemap.xml, the
 * web app manifest and the app icons drawn from the vendor's logo.
 */
export const siteModule: ServerModule = {
  name: 'site',
  rootRoutes: (runtime) => [crawlerRoutes, appIconRoutes({ production: runtime.production })],
};

export { fullPageRenderer } from './routes/site.ts';
export { renderRoutes } from './routes/render.ts';
export { forgetKeptPages } from './routes/kept-pages.ts';
