-- A vendor's account at a third-party delivery partner (Porter, Dunzo): the keys its API takes (Porter: an
-- API key sent as x-api-key; Dunzo: a client id and an authorization token), the currency the partner
-- quotes this account in (the checkout offers the partner only to a vendor of that currency), the order
-- the checkout lists them in, and whether it is on. The keys stay on the server: no answer carries them.
CREATE TABLE vendor_delivery_partners (
  vendor_id bigint NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  partner text NOT NULL CHECK (partner IN ('porter', 'dunzo')),
  api_key text NOT NULL DEFAULT '',
  client_id text NOT NULL DEFAULT '',
  currency_code text NOT NULL DEFAULT 'INR',
  position integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_id, partner)
);

-- A partner's quote as a customer was given it: for one store, one drop point and one partner, its fare in
-- the vendor's minor units, until expires_at. The bill and place_order take it by quote_ref (the API's
-- quote_id) and charge exactly fare_minor; the order that used it is kept (one order per quote).
CREATE TABLE delivery_quotes (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  quote_ref text NOT NULL,
  user_id bigint NOT NULL,
  restaurant_id bigint NOT NULL,
  partner text NOT NULL CHECK (partner IN ('porter', 'dunzo')),
  -- The partner's own id of the quote, where it gives one.
  partner_ref text NOT NULL DEFAULT '',
  fare_minor bigint NOT NULL CHECK (fare_minor >= 0),
  currency_code text NOT NULL,
  eta_minutes integer NOT NULL CHECK (eta_minutes >= 0),
  drop_latitude double precision NOT NULL,
  drop_longitude double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  order_id bigint,
  UNIQUE (vendor_id, quote_ref),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, order_id) REFERENCES orders (vendor_id, id) ON DELETE SET NULL (order_id)
);
CREATE UNIQUE INDEX delivery_quotes_order ON delivery_quotes (vendor_id, order_id) WHERE order_id IS NOT NULL;
CREATE INDEX delivery_quotes_user ON delivery_quotes (vendor_id, user_id, expires_at);

-- The partner an order goes out with ('' for the store's own delivery); its fare is the order's delivery charge.
ALTER TABLE orders ADD COLUMN delivery_partner text NOT NULL DEFAULT '';
