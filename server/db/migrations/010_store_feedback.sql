-- Store feedback from the open route feedback/{restaurantid} (store_feedback): a rating 1-5 and an
-- optional comment, name and contact (guests may send it; user_id is set when a customer was signed in).
CREATE TABLE store_feedback (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  restaurant_id bigint NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
  user_id bigint,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 1000),
  name text NOT NULL DEFAULT '' CHECK (length(name) <= 100),
  contact text NOT NULL DEFAULT '' CHECK (length(contact) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A deleted account leaves the feedback without the person.
  FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE SET NULL (user_id)
);
CREATE INDEX store_feedback_restaurant ON store_feedback (vendor_id, restaurant_id, created_at);
