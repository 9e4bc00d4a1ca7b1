-- Support chat (sendmessage / getmessage): one conversation per customer with the vendor's
-- support. read_at: when the other side saw the message (the agent a customer's, the customer
-- an agent's); answered_at on a customer's message: the demo agent has answered it.
CREATE TABLE support_messages (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  user_id bigint NOT NULL,
  sender text NOT NULL CHECK (sender IN ('customer', 'agent')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  -- The language the customer wrote in (the agent answers in it).
  lang text NOT NULL DEFAULT 'en' CHECK (length(lang) BETWEEN 2 AND 10),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  answered_at timestamptz,
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX support_messages_user ON support_messages (vendor_id, user_id, id);
-- The demo agent's queue: customer messages not yet answered.
CREATE INDEX support_messages_unanswered ON support_messages (created_at) WHERE sender = 'customer' AND answered_at IS NULL;
