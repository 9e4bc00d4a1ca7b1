// The Stripe double as a process of its own, for the browser tests: `PORT=8182 tsx server/test/stripe-double-main.ts`.
// The API server of the run points its Stripe SDK here (STRIPE_API_URL).
import { startStripeDouble } from '../doubles/stripe.ts';

const double = await startStripeDouble(Number(process.env.PORT) || 0);
console.log(`Stripe double on ${double.url}`);
const stop = () => void double.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
