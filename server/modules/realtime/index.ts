import type { ServerModule } from '../module.ts';
import { realtimeRoutes } from './routes/realtime.ts';

/**
 * The live channel (docs/realtime.md): the event stream a customer or a tracking link reads, and
 * the hub that brings each process the events written by any (buildApp starts it).
 */
export const realtimeModule: ServerModule = { name: 'realtime', routes: [realtimeRoutes] };

export { startHub } from './domain/hub.ts';
