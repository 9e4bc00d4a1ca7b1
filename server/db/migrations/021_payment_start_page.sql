-- The page of ours a payment starts on, for a provider whose payment does not start at an address of its
-- own (a form posted to it, its payment form's script, or waiting for the customer's phone).
ALTER TABLE payments ADD COLUMN provider_start jsonb;
