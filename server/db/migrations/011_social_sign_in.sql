-- Social sign-in (Google, Facebook). A customer created by social sign-in has no mobile number
-- until they add one: the number becomes optional (NULL: none; a NULL never clashes in the
-- vendor's unique numbers).
ALTER TABLE users ALTER COLUMN mobile_number DROP NOT NULL;

-- Which customer a verified identity of a provider signs in: the provider's subject (Google `sub`,
-- Facebook user id) per vendor, since each vendor has its own client id and so its own subjects.
CREATE TABLE social_identities (
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_id, provider, subject),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX social_identities_user ON social_identities (vendor_id, user_id);

-- The vendor's social sign-in configuration. The ids are public (the settings answer carries them);
-- the Facebook app secret never leaves the server.
CREATE TABLE vendor_social_sign_in (
  vendor_id bigint PRIMARY KEY REFERENCES vendors(id) ON DELETE CASCADE,
  google_client_id text NOT NULL DEFAULT '' CHECK (length(google_client_id) <= 255),
  facebook_app_id text NOT NULL DEFAULT '' CHECK (facebook_app_id ~ '^[0-9]{0,32}$'),
  facebook_app_secret text NOT NULL DEFAULT '' CHECK (length(facebook_app_secret) <= 255)
);
