-- Orders, payments, wallet ledger, coupon redemptions, ratings and order images.
-- Money is integer minor units in the vendor's currency; every row carries vendor_id.

-- Delivery charge from distance: delivery_charge_minor covers the first delivery_free_km,
-- each further started kilometre adds delivery_per_km_minor.
ALTER TABLE restaurants
  ADD COLUMN delivery_free_km numeric(6,2) NOT NULL DEFAULT 2,
  ADD COLUMN delivery_per_km_minor bigint NOT NULL DEFAULT 0 CHECK (delivery_per_km_minor >= 0);

CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  user_id bigint NOT NULL,
  restaurant_id bigint NOT NULL,
  -- One order per (customer, key): a double submit or a retry answers the first order.
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 100),
  order_mode text NOT NULL CHECK (order_mode IN ('delivery', 'pickup')),
  -- See server/modules/order-status/domain/order-status.ts for the state machine.
  status text NOT NULL CHECK (status IN (
    'payment_pending', 'payment_failed', 'scheduled', 'placed', 'confirmed', 'preparing',
    'waiting', 'on_the_way', 'arrived', 'delivered', 'cancelled')),
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  payment_method text NOT NULL CHECK (payment_method IN ('wallet', 'cash', 'online')),
  payment_status text NOT NULL CHECK (payment_status IN ('pending', 'paid', 'cash_due', 'failed', 'cancelled', 'refunded')),
  -- NULL = as soon as possible.
  scheduled_for timestamptz,
  -- Delivery address snapshot (the saved address may change later).
  address_id bigint,
  delivery_address text NOT NULL DEFAULT '',
  delivery_latitude double precision,
  delivery_longitude double precision,
  distance_km numeric(8,2),
  currency_code text NOT NULL,
  currency_exponent smallint NOT NULL,
  item_total_minor bigint NOT NULL CHECK (item_total_minor >= 0),
  tax_minor bigint NOT NULL CHECK (tax_minor >= 0),
  tax_name text NOT NULL DEFAULT '',
  packaging_minor bigint NOT NULL CHECK (packaging_minor >= 0),
  delivery_charge_minor bigint NOT NULL CHECK (delivery_charge_minor >= 0),
  discount_minor bigint NOT NULL CHECK (discount_minor >= 0),
  cashback_minor bigint NOT NULL DEFAULT 0 CHECK (cashback_minor >= 0),
  tip_minor bigint NOT NULL CHECK (tip_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor >= 0),
  coupon_id bigint,
  coupon_code text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, id),
  UNIQUE (vendor_id, user_id, idempotency_key),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id) ON DELETE RESTRICT,
  FOREIGN KEY (vendor_id, coupon_id) REFERENCES coupons (vendor_id, id) ON DELETE SET NULL (coupon_id)
);
CREATE INDEX orders_user ON orders (vendor_id, user_id, created_at DESC);
-- The simulator and the payment sweeper scan open orders by age.
CREATE INDEX orders_open ON orders (status, status_changed_at) WHERE status NOT IN ('delivered', 'cancelled', 'payment_failed');

CREATE TABLE order_lines (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  order_id bigint NOT NULL,
  item_id bigint NOT NULL,
  name text NOT NULL,
  image text NOT NULL DEFAULT '',
  item_type smallint NOT NULL DEFAULT 0,
  quantity integer NOT NULL CHECK (quantity > 0),
  -- Item price plus chosen options, per unit.
  unit_price_minor bigint NOT NULL CHECK (unit_price_minor >= 0),
  line_total_minor bigint NOT NULL CHECK (line_total_minor >= 0),
  tax_minor bigint NOT NULL CHECK (tax_minor >= 0),
  packaging_minor bigint NOT NULL CHECK (packaging_minor >= 0),
  -- [{"option_id": 1, "name": "Large", "price_minor": 150}]
  options jsonb NOT NULL DEFAULT '[]',
  sort_order integer NOT NULL DEFAULT 0,
  FOREIGN KEY (vendor_id, order_id) REFERENCES orders (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX order_lines_order ON order_lines (vendor_id, order_id);

CREATE TABLE order_status_events (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  order_id bigint NOT NULL,
  from_status text,
  to_status text NOT NULL,
  -- 'customer', 'payment', 'simulator', 'store', 'system'.
  actor text NOT NULL DEFAULT 'system',
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (vendor_id, order_id) REFERENCES orders (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX order_status_events_order ON order_status_events (vendor_id, order_id, id);

CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  order_id bigint NOT NULL,
  provider text NOT NULL,
  -- Random id the hosted payment page and its return carry; unguessable.
  session_id text NOT NULL UNIQUE,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  currency_code text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'cancelled', 'expired')),
  return_url text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, order_id),
  FOREIGN KEY (vendor_id, order_id) REFERENCES orders (vendor_id, id) ON DELETE CASCADE
);

-- Every wallet change, with the balance after it; users.wallet_balance_minor is the running total.
CREATE TABLE wallet_transactions (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  user_id bigint NOT NULL,
  order_id bigint,
  -- 'order_payment', 'order_refund', 'cashback', 'recharge', 'adjustment'.
  kind text NOT NULL,
  amount_minor bigint NOT NULL,
  balance_after_minor bigint NOT NULL CHECK (balance_after_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX wallet_transactions_user ON wallet_transactions (vendor_id, user_id, id DESC);

CREATE TABLE coupon_redemptions (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  coupon_id bigint NOT NULL,
  user_id bigint NOT NULL,
  order_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, order_id),
  FOREIGN KEY (vendor_id, coupon_id) REFERENCES coupons (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, order_id) REFERENCES orders (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX coupon_redemptions_user ON coupon_redemptions (vendor_id, coupon_id, user_id);

CREATE TABLE order_ratings (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  order_id bigint NOT NULL,
  user_id bigint NOT NULL,
  restaurant_id bigint NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  review text NOT NULL DEFAULT '' CHECK (length(review) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, order_id),
  FOREIGN KEY (vendor_id, order_id) REFERENCES orders (vendor_id, id) ON DELETE CASCADE
);

-- Images a customer attaches to an order (e.g. a shopping list); uploaded before placing,
-- then bound to the order. Served by an unguessable token.
CREATE TABLE order_images (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  user_id bigint NOT NULL,
  order_id bigint,
  token text NOT NULL UNIQUE,
  mime_type text NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, order_id) REFERENCES orders (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX order_images_user ON order_images (vendor_id, user_id, order_id);
