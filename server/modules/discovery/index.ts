import type { ServerModule } from '../module.ts';
import { discoveryRoutes } from './routes/discovery.ts';

/** Finding food: cuisines, banners, brands, item search and the tagged items. */
export const discoveryModule: ServerModule = { name: 'discovery', routes: [discoveryRoutes] };
