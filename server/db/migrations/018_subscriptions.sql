-- Subscriptions: a customer's standing order of one item (with its options) from one store, delivered
-- (or picked up) on a schedule, each delivery an ordinary order created at the store's cut-off and paid
-- from the wallet. docs/behaviour.md#subscriptions.

-- The items a vendor offers by subscription (milk, bread, water, meal plans).
ALTER TABLE items ADD COLUMN is_subscribable boolean NOT NULL DEFAULT false;

CREATE TABLE subscriptions (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  user_id bigint NOT NULL,
  restaurant_id bigint NOT NULL,
  item_id bigint NOT NULL,
  -- The chosen options of the item, as a cart line's selectCustoizeID.
  option_ids bigint[] NOT NULL DEFAULT '{}',
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  order_mode text NOT NULL CHECK (order_mode IN ('delivery', 'pickup')),
  address_id bigint,
  -- Everyday; On Interval (every interval_days days from start_date); Custom (the weekdays, 0 Sunday … 6 Saturday).
  frequency text NOT NULL CHECK (frequency IN ('everyday', 'interval', 'custom')),
  interval_days integer CHECK (interval_days BETWEEN 2 AND 30),
  weekdays smallint[] NOT NULL DEFAULT '{}',
  -- The store's local date of the first delivery, and the slot's local start (minutes after midnight).
  start_date date NOT NULL,
  slot_minutes integer NOT NULL CHECK (slot_minutes BETWEEN 0 AND 1410 AND slot_minutes % 30 = 0),
  coupon_code text NOT NULL DEFAULT '',
  -- One subscription per (customer, key): a double submit or a retry answers the first.
  idempotency_key text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
  -- The next delivery date the schedule has not handled yet, and the instant its order is due (the
  -- store's cut-off before it, in the store's time zone); null once cancelled.
  next_date date,
  next_due_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id),
  FOREIGN KEY (vendor_id, item_id) REFERENCES items (vendor_id, id),
  CHECK (frequency <> 'interval' OR interval_days IS NOT NULL),
  CHECK (frequency <> 'custom' OR cardinality(weekdays) > 0),
  CHECK (order_mode <> 'delivery' OR address_id IS NOT NULL),
  UNIQUE (vendor_id, user_id, idempotency_key)
);
CREATE INDEX subscriptions_user ON subscriptions (vendor_id, user_id, id);
-- The schedule job's question: which subscriptions have a delivery due.
CREATE INDEX subscriptions_due ON subscriptions (next_due_at) WHERE status = 'active';

-- Pauses: no delivery from from_date until until_date (exclusive; null: until restarted).
CREATE TABLE subscription_pauses (
  id bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  from_date date NOT NULL,
  until_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (until_date IS NULL OR until_date > from_date)
);
CREATE INDEX subscription_pauses_subscription ON subscription_pauses (subscription_id, from_date);

-- What became of each delivery date: ordered (order_id; delivered on delivered_on, which differs
-- when a closed day moved it), paused, closed (skipped, the store closed), missed (reason: wallet,
-- unavailable, …). One row per subscription and date, whatever the number of server processes.
CREATE TABLE subscription_deliveries (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  subscription_id bigint NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  delivery_date date NOT NULL,
  delivered_on date,
  status text NOT NULL CHECK (status IN ('ordered', 'paused', 'closed', 'missed')),
  reason text NOT NULL DEFAULT '',
  order_id bigint,
  quantity integer NOT NULL,
  amount_minor bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscription_id, delivery_date),
  FOREIGN KEY (vendor_id, order_id) REFERENCES orders (vendor_id, id)
);

-- Invoices: one number per subscription and month, numbered in order per vendor (asking again answers
-- the same number).
CREATE TABLE subscription_invoices (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  subscription_id bigint NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  period text NOT NULL CHECK (period ~ '^\d{4}-\d{2}$'),
  number integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscription_id, period),
  UNIQUE (vendor_id, number)
);

ALTER TABLE realtime_events DROP CONSTRAINT realtime_events_kind_check;
ALTER TABLE realtime_events ADD CONSTRAINT realtime_events_kind_check
  CHECK (kind IN ('order_status', 'driver_position', 'chat_message', 'chat_read', 'subscription_delivery'));
