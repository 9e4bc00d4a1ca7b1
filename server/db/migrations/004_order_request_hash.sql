-- What an idempotency key was first used for: a retry must send the same order, else it is refused
-- (a reused key with another cart would otherwise answer the first order as if it were the new one).
ALTER TABLE orders ADD COLUMN request_hash text NOT NULL DEFAULT '';
