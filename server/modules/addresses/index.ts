import type { ServerModule } from '../module.ts';
import { addressRoutes } from './routes/addresses.ts';

/** The customer's address book. */
export const addressesModule: ServerModule = { name: 'addresses', routes: [addressRoutes] };

export { addressTextSql } from './domain/addresses.ts';
