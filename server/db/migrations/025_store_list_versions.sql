-- A version of each vendor's list of stores, raised by every change to what a nearby-stores answer is made
-- of: the stores (their place, reach, zone, hours switch, names, ratings, prices), their opening hours,
-- their cuisines and the cuisines' names, the brands. Server processes keep answers under the version they
-- read, so a change committed anywhere (the API, a back office, psql) makes every kept answer stale at once.
CREATE TABLE store_list_versions (
  vendor_id bigint PRIMARY KEY,
  version bigint NOT NULL
);

CREATE FUNCTION sf_store_list_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO store_list_versions AS v (vendor_id, version)
    SELECT DISTINCT vendor_id, 1 FROM changed
    ON CONFLICT (vendor_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

-- TRUNCATE names no rows: every vendor's list moves on.
CREATE FUNCTION sf_store_lists_truncated() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE store_list_versions SET version = version + 1;
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['restaurants', 'restaurant_hours', 'restaurant_cuisines', 'cuisines', 'brands', 'brand_restaurants'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sf_store_list_changed()', t || '_listed_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sf_store_list_changed()', t || '_listed_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sf_store_list_changed()', t || '_listed_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION sf_store_lists_truncated()', t || '_listed_truncate', t);
  END LOOP;
END $$;

-- Opening hours are whole minutes, so whether a store is open changes only on the minute: an answer kept
-- for a minute of store time is right for all of it.
ALTER TABLE restaurant_hours ADD CONSTRAINT restaurant_hours_whole_minutes
  CHECK (extract(second FROM opens) = 0 AND extract(second FROM closes) = 0);
