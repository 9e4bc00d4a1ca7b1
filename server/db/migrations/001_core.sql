-- Core catalogue and accounts. Money is integer minor units (*_minor bigint).
-- Every tenant-owned table carries vendor_id; composite FKs keep children in the parent's vendor.

CREATE TABLE vendors (
  id bigserial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  currency_code text NOT NULL DEFAULT 'USD',
  currency_symbol text NOT NULL DEFAULT '$',
  -- Digits of the currency's minor unit (2 for cents); prices are stored in it.
  currency_exponent smallint NOT NULL DEFAULT 2 CHECK (currency_exponent BETWEEN 0 AND 4),
  -- Display fraction digits; NULL = not forced (prices show 0 to 2 decimals).
  price_decimals smallint CHECK (price_decimals BETWEEN 0 AND 4),
  country_code text NOT NULL DEFAULT '1',
  product_type smallint NOT NULL DEFAULT 1,
  primary_lang text NOT NULL DEFAULT 'en',
  secondary_lang text NOT NULL DEFAULT '',
  languages text[] NOT NULL DEFAULT ARRAY['en'],
  default_lang text NOT NULL DEFAULT 'en',
  system_latitude double precision NOT NULL DEFAULT 0,
  system_longitude double precision NOT NULL DEFAULT 0,
  time_zone text NOT NULL DEFAULT 'UTC',
  is_active boolean NOT NULL DEFAULT true,
  -- The rest of the VendorSettings shape (contract.ts), default language.
  settings jsonb NOT NULL DEFAULT '{}',
  -- Per-language overrides of settings texts: {"ar": {"app_name": …, "web_settings": {…}}}.
  i18n jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vendor_hosts (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  host text NOT NULL UNIQUE CHECK (host = lower(host)),
  is_primary boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vendor_hosts_vendor ON vendor_hosts (vendor_id);

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  country_code text NOT NULL,
  mobile_number text NOT NULL,
  user_name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  user_role smallint NOT NULL DEFAULT 1,
  wallet_balance_minor bigint NOT NULL DEFAULT 0 CHECK (wallet_balance_minor >= 0),
  mobile_verified_at timestamptz,
  is_active boolean NOT NULL DEFAULT true,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, country_code, mobile_number),
  UNIQUE (vendor_id, id)
);

CREATE TABLE otp_codes (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  country_code text NOT NULL,
  mobile_number text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'registration', 'forgot_password')),
  code_hash text NOT NULL,
  attempts smallint NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_codes_lookup ON otp_codes (vendor_id, country_code, mobile_number, created_at DESC);

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  user_id bigint NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_seen_at timestamptz,
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX sessions_user ON sessions (vendor_id, user_id);

CREATE TABLE restaurants (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  icon_image text NOT NULL DEFAULT '',
  cover_image text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT '',
  zip_code text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  time_zone text NOT NULL DEFAULT 'UTC',
  delivery_radius_km numeric(6,2) NOT NULL DEFAULT 5,
  -- Optional delivery zone as [[lat, lng], …]; when set it wins over the radius (later work).
  delivery_polygon jsonb,
  -- Listed for customers at all (admin switch).
  is_active boolean NOT NULL DEFAULT true,
  -- The store's own open/closed switch (restaurant_on_off).
  on_off boolean NOT NULL DEFAULT true,
  -- 1 veg, 2 non-veg.
  restaurant_type smallint NOT NULL DEFAULT 2 CHECK (restaurant_type IN (1, 2)),
  rating numeric(2,1) NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
  rating_count integer NOT NULL DEFAULT 0,
  delivery_time integer NOT NULL DEFAULT 30,
  two_person_price_minor bigint NOT NULL DEFAULT 0,
  discount_text text NOT NULL DEFAULT '',
  is_show_customer_app smallint NOT NULL DEFAULT 1,
  show_customer_app text NOT NULL DEFAULT 'time' CHECK (show_customer_app IN ('distence', 'time')),
  is_pre_order smallint NOT NULL DEFAULT 0,
  minimum_order_value_minor bigint NOT NULL DEFAULT 0,
  minimum_admin_commision bigint NOT NULL DEFAULT 0,
  packaging_charge_minor bigint NOT NULL DEFAULT 0,
  delivery_charge_minor bigint NOT NULL DEFAULT 0,
  sort_order integer NOT NULL DEFAULT 0,
  -- {"ar": {"name": …, "address": …, "discount_text": …}}
  i18n jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, slug),
  UNIQUE (vendor_id, name),
  UNIQUE (vendor_id, id)
);

CREATE TABLE cuisines (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  name text NOT NULL,
  image text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0,
  i18n jsonb NOT NULL DEFAULT '{}',
  UNIQUE (vendor_id, name),
  UNIQUE (vendor_id, id)
);

CREATE TABLE restaurant_cuisines (
  vendor_id bigint NOT NULL,
  restaurant_id bigint NOT NULL,
  cuisine_id bigint NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (vendor_id, restaurant_id, cuisine_id),
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, cuisine_id) REFERENCES cuisines (vendor_id, id) ON DELETE CASCADE
);

CREATE TABLE restaurant_hours (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  restaurant_id bigint NOT NULL,
  -- 0 Sunday … 6 Saturday (Postgres dow).
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  opens time NOT NULL,
  -- closes <= opens means the slot runs past midnight.
  closes time NOT NULL,
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX restaurant_hours_restaurant ON restaurant_hours (vendor_id, restaurant_id, weekday);

CREATE TABLE menu_categories (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  restaurant_id bigint NOT NULL,
  name text NOT NULL,
  image text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  i18n jsonb NOT NULL DEFAULT '{}',
  UNIQUE (vendor_id, id),
  UNIQUE (vendor_id, restaurant_id, name),
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id) ON DELETE CASCADE
);

CREATE TABLE items (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  restaurant_id bigint NOT NULL,
  category_id bigint,
  name text NOT NULL,
  slug text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  price_minor bigint NOT NULL CHECK (price_minor >= 0),
  mrp_minor bigint CHECK (mrp_minor >= 0),
  -- 0 veg, 1 non-veg.
  item_type smallint NOT NULL DEFAULT 0 CHECK (item_type IN (0, 1)),
  -- e.g. 'kg', 'piece'; empty for plain food items.
  unit text NOT NULL DEFAULT '',
  -- NULL = unlimited.
  stock integer CHECK (stock >= 0),
  is_available boolean NOT NULL DEFAULT true,
  tax_percent numeric(5,2) NOT NULL DEFAULT 0,
  packaging_charge_minor bigint NOT NULL DEFAULT 0,
  is_featured boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  i18n jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, id),
  UNIQUE (vendor_id, restaurant_id, slug),
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, category_id) REFERENCES menu_categories (vendor_id, id) ON DELETE SET NULL (category_id)
);
CREATE INDEX items_restaurant ON items (vendor_id, restaurant_id, category_id);

CREATE TABLE item_option_groups (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  item_id bigint NOT NULL,
  name text NOT NULL,
  min_select smallint NOT NULL DEFAULT 0,
  max_select smallint NOT NULL DEFAULT 1,
  is_required boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  i18n jsonb NOT NULL DEFAULT '{}',
  CHECK (min_select >= 0 AND max_select >= min_select),
  UNIQUE (vendor_id, id),
  FOREIGN KEY (vendor_id, item_id) REFERENCES items (vendor_id, id) ON DELETE CASCADE
);

CREATE TABLE item_options (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  group_id bigint NOT NULL,
  name text NOT NULL,
  price_minor bigint NOT NULL DEFAULT 0 CHECK (price_minor >= 0),
  is_default boolean NOT NULL DEFAULT false,
  is_available boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  i18n jsonb NOT NULL DEFAULT '{}',
  UNIQUE (vendor_id, id),
  FOREIGN KEY (vendor_id, group_id) REFERENCES item_option_groups (vendor_id, id) ON DELETE CASCADE
);

CREATE TABLE coupons (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  -- NULL = valid at every store of the vendor.
  restaurant_id bigint,
  code text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  coupon_type text NOT NULL DEFAULT 'Delivery' CHECK (coupon_type IN ('Delivery', 'Pickup', 'Both')),
  discount_type text NOT NULL CHECK (discount_type IN ('percent', 'flat')),
  discount_percent numeric(5,2) CHECK (discount_percent BETWEEN 0 AND 100),
  discount_flat_minor bigint CHECK (discount_flat_minor >= 0),
  max_discount_minor bigint,
  min_order_minor bigint NOT NULL DEFAULT 0,
  cashback_minor bigint NOT NULL DEFAULT 0,
  -- Free-order coupon: valid only for an order of one line with quantity 1.
  is_free_order boolean NOT NULL DEFAULT false,
  starts_at timestamptz,
  expires_at timestamptz,
  per_customer_limit integer,
  total_limit integer,
  is_active boolean NOT NULL DEFAULT true,
  i18n jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, code),
  UNIQUE (vendor_id, id),
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id) ON DELETE CASCADE
);

CREATE TABLE addresses (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  user_id bigint NOT NULL,
  -- Home / Office / Other (adress_clarification).
  label text NOT NULL DEFAULT 'Home' CHECK (label IN ('Home', 'Office', 'Other')),
  flat_no text NOT NULL DEFAULT '',
  house_name text NOT NULL DEFAULT '',
  landmark text NOT NULL DEFAULT '',
  address text NOT NULL,
  city text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT '',
  zip_code text NOT NULL DEFAULT '',
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  is_primary boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, id),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX addresses_user ON addresses (vendor_id, user_id);
CREATE UNIQUE INDEX addresses_one_primary ON addresses (vendor_id, user_id) WHERE is_primary AND deleted_at IS NULL;

CREATE TABLE brands (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  image text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  i18n jsonb NOT NULL DEFAULT '{}',
  UNIQUE (vendor_id, slug),
  UNIQUE (vendor_id, id)
);

CREATE TABLE brand_restaurants (
  vendor_id bigint NOT NULL,
  brand_id bigint NOT NULL,
  restaurant_id bigint NOT NULL,
  PRIMARY KEY (vendor_id, brand_id, restaurant_id),
  FOREIGN KEY (vendor_id, brand_id) REFERENCES brands (vendor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id) ON DELETE CASCADE
);

CREATE TABLE banners (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  title text NOT NULL,
  image text NOT NULL DEFAULT '',
  -- What a tap opens: a store, a category, a brand or a link.
  target_type text NOT NULL DEFAULT 'none' CHECK (target_type IN ('none', 'restaurant', 'category', 'brand', 'url')),
  restaurant_id bigint,
  target_id bigint,
  url text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  i18n jsonb NOT NULL DEFAULT '{}',
  UNIQUE (vendor_id, id),
  FOREIGN KEY (vendor_id, restaurant_id) REFERENCES restaurants (vendor_id, id) ON DELETE CASCADE
);
