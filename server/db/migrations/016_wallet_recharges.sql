-- Wallet recharges are paid through the same providers and hosted pages as online orders: a payment
-- is for an order or for a recharge of the paying customer's wallet. A recharge is credited once, when
-- its payment moves from pending to paid (under the payment's row lock), with its ledger row.
ALTER TABLE payments ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE payments ADD COLUMN purpose text NOT NULL DEFAULT 'order' CHECK (purpose IN ('order', 'recharge'));
-- The paying customer (for an order also found through the order).
ALTER TABLE payments ADD COLUMN user_id bigint;
UPDATE payments p SET user_id = o.user_id FROM orders o WHERE o.vendor_id = p.vendor_id AND o.id = p.order_id;
ALTER TABLE payments ALTER COLUMN user_id SET NOT NULL;
ALTER TABLE payments ADD CONSTRAINT payments_user FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE;
ALTER TABLE payments ADD CONSTRAINT payments_purpose CHECK ((purpose = 'order') = (order_id IS NOT NULL));
CREATE INDEX payments_user_recharges ON payments (vendor_id, user_id, created_at DESC) WHERE purpose = 'recharge';

-- The ledger row of a recharge names its payment, so a credit is traceable and never written twice.
ALTER TABLE wallet_transactions ADD COLUMN payment_id bigint REFERENCES payments (id);
CREATE UNIQUE INDEX wallet_transactions_payment ON wallet_transactions (payment_id) WHERE payment_id IS NOT NULL;
