-- Drivers and where they are: an order on its way has a driver; the driver app (or the demo
-- simulator) reports positions, the latest of which the tracking view shows.
CREATE TABLE drivers (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- {"ar": {"name": …, "vehicle": …}}
  i18n jsonb NOT NULL DEFAULT '{}',
  phone text NOT NULL DEFAULT '' CHECK (length(phone) <= 20),
  vehicle text NOT NULL DEFAULT '' CHECK (length(vehicle) <= 60),
  vehicle_number text NOT NULL DEFAULT '' CHECK (length(vehicle_number) <= 20),
  -- SHA-256 of the driver app's bearer token (hex); NULL: the driver has no app sign-in.
  token_hash text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, id)
);

ALTER TABLE orders
  ADD COLUMN driver_id bigint,
  ADD COLUMN driver_assigned_at timestamptz,
  ADD FOREIGN KEY (vendor_id, driver_id) REFERENCES drivers (vendor_id, id) ON DELETE SET NULL (driver_id);

CREATE TABLE driver_positions (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  order_id bigint NOT NULL,
  driver_id bigint NOT NULL,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  heading smallint CHECK (heading BETWEEN 0 AND 359),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (vendor_id, order_id) REFERENCES orders (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX driver_positions_order ON driver_positions (vendor_id, order_id, id DESC);

-- A tracking link's stream replays that one order's events.
CREATE INDEX realtime_events_order ON realtime_events (vendor_id, order_id, id) WHERE order_id IS NOT NULL;
