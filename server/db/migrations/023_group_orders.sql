-- Group orders (server/modules/group-orders): a signed-in host starts a group at a store; members (signed
-- in, or guests with a name and a key) fill their own parts; the bill is priced once and split; one order
-- is placed whose lines carry each person's name. Money in minor units of the vendor's currency.
CREATE TABLE order_groups (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  restaurant_id bigint NOT NULL,
  host_user_id bigint NOT NULL,
  order_mode text NOT NULL CHECK (order_mode IN ('delivery', 'pickup')),
  -- Delivery: the host's saved address and its snapshot (the saved one may change later).
  address_id bigint,
  address_text text NOT NULL DEFAULT '',
  payer text NOT NULL CHECK (payer IN ('host', 'each')),
  -- 'locked' only by the host: a deadline passed locks the group without a write (effectiveStatus).
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'locked', 'placed', 'cancelled', 'expired')),
  deadline_at timestamptz,
  -- The deadline lock announced to the members (the job's mark, so it is announced once).
  deadline_announced boolean NOT NULL DEFAULT false,
  expires_at timestamptz NOT NULL,
  code text NOT NULL CHECK (code ~ '^[A-Z2-9]{6}$'),
  version integer NOT NULL DEFAULT 1,
  -- The host's choices for the bill (group-bill): others read them.
  coupon_code text NOT NULL DEFAULT '' CHECK (length(coupon_code) <= 50),
  tip_minor bigint NOT NULL DEFAULT 0 CHECK (tip_minor >= 0),
  order_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, id),
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, host_user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE,
  CHECK ((order_mode = 'delivery') = (address_id IS NOT NULL))
);
-- A short code names one open or locked group of the vendor at a time.
CREATE UNIQUE INDEX order_groups_code ON order_groups (vendor_id, code) WHERE status IN ('open', 'locked');
-- The job's reading: groups whose deadline or expiry has come.
CREATE INDEX order_groups_due ON order_groups (expires_at) WHERE status IN ('open', 'locked');

CREATE TABLE order_group_members (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  group_id bigint NOT NULL,
  -- A signed-in member's account; NULL for a guest.
  user_id bigint,
  -- A guest's name (a signed-in member's is read from the account).
  guest_name text NOT NULL DEFAULT '' CHECK (length(guest_name) <= 40),
  -- SHA-256 (hex) of a guest's key; the key itself is only in the guest's browser.
  key_hash text,
  ready boolean NOT NULL DEFAULT false,
  joined_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  UNIQUE (vendor_id, id),
  FOREIGN KEY (vendor_id, group_id) REFERENCES order_groups (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE,
  CHECK ((user_id IS NULL) = (key_hash IS NOT NULL))
);
CREATE UNIQUE INDEX order_group_members_user ON order_group_members (group_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX order_group_members_key ON order_group_members (key_hash) WHERE key_hash IS NOT NULL;
CREATE INDEX order_group_members_group ON order_group_members (vendor_id, group_id, id);

CREATE TABLE order_group_lines (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  member_id bigint NOT NULL,
  item_id bigint NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  option_ids bigint[] NOT NULL DEFAULT '{}',
  -- The unit price the member saw (compared when the bill is made, never charged).
  client_price_minor bigint NOT NULL CHECK (client_price_minor >= 0),
  sort_order integer NOT NULL DEFAULT 0,
  FOREIGN KEY (vendor_id, member_id) REFERENCES order_group_members (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX order_group_lines_member ON order_group_lines (vendor_id, member_id, sort_order);

-- A member's share paid (payer 'each'): from the wallet (its ledger row) or online (a payments row of
-- purpose 'group_share'). `paid_by` is who paid: the member, or the host covering a share not paid.
CREATE TABLE order_group_shares (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  group_id bigint NOT NULL,
  member_id bigint NOT NULL,
  paid_by bigint NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  method text NOT NULL CHECK (method IN ('wallet', 'online')),
  wallet_transaction_id bigint REFERENCES wallet_transactions (id),
  payment_id bigint REFERENCES payments (id),
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz,
  FOREIGN KEY (vendor_id, group_id) REFERENCES order_groups (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, member_id) REFERENCES order_group_members (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, paid_by) REFERENCES users (vendor_id, id) ON DELETE CASCADE,
  CHECK ((method = 'wallet') = (wallet_transaction_id IS NOT NULL) OR status = 'failed'),
  CHECK ((method = 'online') = (payment_id IS NOT NULL))
);
-- At most one share paid (or being paid) per member at a time.
CREATE UNIQUE INDEX order_group_shares_live ON order_group_shares (member_id) WHERE status IN ('pending', 'paid');
-- One online payment may pay several shares: the host covering the shares not paid pays them at once.
CREATE INDEX order_group_shares_payment ON order_group_shares (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX order_group_shares_group ON order_group_shares (vendor_id, group_id);

-- The order a group placed, and whose part each line was (the store reads each part labelled).
ALTER TABLE orders ADD COLUMN group_id bigint;
ALTER TABLE orders ADD CONSTRAINT orders_group FOREIGN KEY (vendor_id, group_id) REFERENCES order_groups (vendor_id, id) ON DELETE SET NULL (group_id);
ALTER TABLE order_lines ADD COLUMN person text NOT NULL DEFAULT '';
ALTER TABLE order_groups ADD CONSTRAINT order_groups_order FOREIGN KEY (vendor_id, order_id) REFERENCES orders (vendor_id, id) ON DELETE SET NULL (order_id);

-- Online shares go through the payments table, as recharges do: purpose 'group_share', no order.
ALTER TABLE payments DROP CONSTRAINT payments_purpose_check;
ALTER TABLE payments ADD CONSTRAINT payments_purpose_check CHECK (purpose IN ('order', 'recharge', 'group_share'));
ALTER TABLE payments DROP CONSTRAINT payments_purpose;
ALTER TABLE payments ADD CONSTRAINT payments_purpose CHECK ((purpose = 'order') = (order_id IS NOT NULL));

-- group_updated: to each signed-in member (user_id), and once to the group's guests (user_id NULL, group_id).
ALTER TABLE realtime_events ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE realtime_events ADD COLUMN group_id bigint;
ALTER TABLE realtime_events ADD CONSTRAINT realtime_events_addressed CHECK (user_id IS NOT NULL OR group_id IS NOT NULL);
CREATE INDEX realtime_events_group ON realtime_events (vendor_id, group_id, id) WHERE group_id IS NOT NULL AND user_id IS NULL;
ALTER TABLE realtime_events DROP CONSTRAINT realtime_events_kind_check;
ALTER TABLE realtime_events ADD CONSTRAINT realtime_events_kind_check
  CHECK (kind IN ('order_status', 'driver_position', 'chat_message', 'chat_read', 'subscription_delivery', 'group_updated'));
