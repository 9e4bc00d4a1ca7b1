-- Counters in fixed windows, shared by every server process on the database: request limits
-- per client address and per number (server/http/rate-limit.ts) and one-time-code guesses per
-- number (server/modules/accounts/domain/otp.ts). One row per key; server/db/counters.ts counts a hit in one
-- atomic upsert, starting a new window when the last one has ended.
CREATE TABLE hit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX hit_counters_window_ends_at ON hit_counters (window_ends_at);

-- Guesses are counted per number across resends (hit_counters), no longer per code.
ALTER TABLE otp_codes DROP COLUMN attempts;

-- A registration waits here until its number is verified; verify_otp then creates the customer.
-- One per number: a later registration of the same number replaces the details.
CREATE TABLE pending_registrations (
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  country_code text NOT NULL,
  mobile_number text NOT NULL,
  user_name text NOT NULL,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_id, country_code, mobile_number)
);
CREATE INDEX pending_registrations_expires_at ON pending_registrations (expires_at);
