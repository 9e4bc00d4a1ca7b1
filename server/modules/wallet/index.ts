import type { ServerModule } from '../module.ts';
import { walletRoutes } from './routes/wallet.ts';

/** The customer's wallet: its balance and history, and recharging it online. */
export const walletModule: ServerModule = { name: 'wallet', routes: [walletRoutes] };
