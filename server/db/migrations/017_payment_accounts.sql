-- A vendor's account at an online payment provider (Stripe: its secret key and the signing secret of
-- its webhook endpoint). Secrets stay on the server: no answer of the API carries them.
CREATE TABLE vendor_payment_accounts (
  vendor_id bigint NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  provider text NOT NULL,
  secret_key text NOT NULL,
  webhook_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_id, provider)
);

-- The provider's own ids of a payment: its session (Stripe Checkout: cs_…) and hosted page, and the
-- payment made in it (a payment intent, for refunds).
ALTER TABLE payments ADD COLUMN provider_ref text;
ALTER TABLE payments ADD COLUMN provider_url text NOT NULL DEFAULT '';
ALTER TABLE payments ADD COLUMN provider_payment text;
CREATE UNIQUE INDEX payments_provider_ref ON payments (provider, provider_ref) WHERE provider_ref IS NOT NULL;

-- A payment the provider confirmed after it had lapsed, failed or been cancelled here is recorded and
-- refunded through the provider: refund_pending until the provider has taken the refund, then refunded.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('pending', 'paid', 'failed', 'cancelled', 'expired', 'refund_pending', 'refunded'));
ALTER TABLE payments ADD COLUMN refunded_at timestamptz;
