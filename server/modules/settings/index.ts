import type { ServerModule } from '../module.ts';
import { settingsRoutes } from './routes/settings.ts';

/** The vendor's settings as the storefront asks for them: get-vendor-settings, settings, get-language. */
export const settingsModule: ServerModule = { name: 'settings', routes: [settingsRoutes] };

export { vendorSettings } from './domain/vendor-settings.ts';
