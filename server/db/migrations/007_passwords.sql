-- Passwords, where the vendor enables them (settings.password_login = 'Yes'): an scrypt hash with a
-- salt of its own per customer (server/modules/accounts/domain/passwords.ts), never the password. NULL: the customer
-- has none and signs in by one-time code only.
ALTER TABLE users ADD COLUMN password_hash text;
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
