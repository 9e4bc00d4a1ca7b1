-- Order notifications by Web Push (server/modules/notifications, docs/server.md#notifications).

-- Each vendor's VAPID key pair (RFC 8292), made the first time it is needed: base64url, the public key an
-- uncompressed P-256 point (65 bytes), the private key its 32-byte scalar. One row per vendor; several
-- server processes asking at once insert with ON CONFLICT DO NOTHING and all read the row that won.
CREATE TABLE push_vapid_keys (
  vendor_id bigint PRIMARY KEY REFERENCES vendors (id) ON DELETE CASCADE,
  public_key text NOT NULL CHECK (public_key ~ '^[A-Za-z0-9_-]{87}$'),
  private_key text NOT NULL CHECK (private_key ~ '^[A-Za-z0-9_-]{43}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A customer's browser subscriptions (push-subscribe): the push service's endpoint (one row per endpoint
-- and vendor: saving it again moves it to whoever saved it), the browser's keys (base64url), the language
-- the notifications are written in, and the session that saved it: notifications go to a subscription
-- only while that session is live, so signing out on a shared browser ends them, and deleting the account
-- (which ends every session) ends them all. Deleted when the push service answers 404 or 410.
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  user_id bigint NOT NULL,
  session_id bigint NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  endpoint text NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 2000),
  p256dh text NOT NULL CHECK (length(p256dh) BETWEEN 1 AND 100),
  auth text NOT NULL CHECK (length(auth) BETWEEN 1 AND 50),
  lang text NOT NULL CHECK (length(lang) BETWEEN 2 AND 10),
  -- When it was saved by its customer: events before it are not sent to it.
  created_at timestamptz NOT NULL DEFAULT now(),
  last_success_at timestamptz,
  UNIQUE (vendor_id, endpoint),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (vendor_id, user_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_id);

-- The events already taken for sending: a server process claims an event by inserting its id (ON CONFLICT
-- DO NOTHING ... RETURNING), so with several processes each event is sent by one of them, at most once.
-- Events are read from realtime_events for a few minutes after they were written (ids are not committed
-- in their order, so no single cursor would do); a claim goes when its event is pruned.
CREATE TABLE push_claims (
  event_id bigint PRIMARY KEY REFERENCES realtime_events (id) ON DELETE CASCADE,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
