-- Bugs a signed-in customer reports from the storefront (customer_report_bug): the description,
-- up to MAX_ORDER_IMAGES screenshots, the page and the browser it was on. Deleting the account
-- deletes the customer's reports with their screenshots (docs/behaviour.md#deleting-an-account).
CREATE TABLE bug_reports (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  user_id bigint NOT NULL,
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 2000),
  page text NOT NULL DEFAULT '' CHECK (length(page) <= 500),
  user_agent text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, id),
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
);
CREATE INDEX bug_reports_vendor ON bug_reports (vendor_id, created_at DESC);
CREATE INDEX bug_reports_user ON bug_reports (vendor_id, user_id);

CREATE TABLE bug_report_images (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL,
  report_id bigint NOT NULL,
  position smallint NOT NULL CHECK (position >= 0),
  mime_type text NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  content bytea NOT NULL,
  UNIQUE (vendor_id, report_id, position),
  FOREIGN KEY (vendor_id, report_id) REFERENCES bug_reports (vendor_id, id) ON DELETE CASCADE
);
