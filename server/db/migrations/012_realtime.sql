-- The live channel (server/modules/realtime): every event pushed to a customer, kept so that a
-- dropped connection resumes from the last event id it holds. Rows are short-lived: the
-- realtime hub deletes those older than a day (a client away longer reloads what it shows).
CREATE TABLE realtime_events (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  user_id bigint NOT NULL,
  order_id bigint,
  kind text NOT NULL CHECK (kind IN ('order_status', 'driver_position', 'chat_message', 'chat_read')),
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX realtime_events_user ON realtime_events (vendor_id, user_id, id);
CREATE INDEX realtime_events_age ON realtime_events (created_at);
