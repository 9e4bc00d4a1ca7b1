-- Every provider of the payment kit keeps its account here: besides the secret key and the webhook's
-- signing secret, a public key or key id and a merchant (store, entity, location) id where the provider
-- has them. A vendor chooses where each provider is offered: for which currencies (empty: the vendor's
-- own, whatever it is) and for customers of which countries (calling codes of their numbers; empty: all),
-- in which order, and may switch one off without losing its keys.
ALTER TABLE vendor_payment_accounts ADD COLUMN public_key text NOT NULL DEFAULT '';
ALTER TABLE vendor_payment_accounts ADD COLUMN merchant_id text NOT NULL DEFAULT '';
ALTER TABLE vendor_payment_accounts ALTER COLUMN webhook_secret SET DEFAULT '';
ALTER TABLE vendor_payment_accounts ADD COLUMN currencies text[] NOT NULL DEFAULT '{}';
ALTER TABLE vendor_payment_accounts ADD COLUMN countries text[] NOT NULL DEFAULT '{}';
ALTER TABLE vendor_payment_accounts ADD COLUMN position integer NOT NULL DEFAULT 0;
ALTER TABLE vendor_payment_accounts ADD COLUMN enabled boolean NOT NULL DEFAULT true;
