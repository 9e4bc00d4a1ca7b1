-- A version of each vendor's list of stores, raised by every change to what a nearby-stores answer is made
-- of: the stores (their place, reach, zone, hours switch, names, ratings, prices), their opening hours,
-- their cuisines and the cuisines' names, the brands. Server processes keep answers under the version they
-- read, so a change committed anywhere (the API, a back office, psql) makes every kept answer stale at once.
CREATE TABLE store_list_versions (
  vendor_id bigint PRIMARY KEY,
  version bigint NOT NULL
);
INSERT INTO store_list_versions (vendor_id, version) SELECT id, 1 FROM vendors;

-- Raises a vendor's version once per transaction, when it commits: the triggers that call it are deferred,
-- so the version's row is locked only while committing, never while the transaction goes on to lock other
-- rows (a back office's transaction over two stores cannot deadlock with an order's rating of one of them).
CREATE FUNCTION sf_raise_store_list_version(vendor bigint) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF current_setting('sf.store_list_raised_' || vendor, true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('sf.store_list_raised_' || vendor, 'yes', true);
    INSERT INTO store_list_versions AS v (vendor_id, version) VALUES (vendor, 1)
      ON CONFLICT (vendor_id) DO UPDATE SET version = v.version + 1;
  END IF;
END $$;

CREATE FUNCTION sf_store_list_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM sf_raise_store_list_version(NEW.vendor_id); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM sf_raise_store_list_version(OLD.vendor_id); END IF;
  RETURN NULL;
END $$;

-- TRUNCATE names no rows: every vendor's list moves on, at once.
CREATE FUNCTION sf_store_lists_truncated() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO store_list_versions AS v (vendor_id, version) SELECT id, 1 FROM vendors
    ON CONFLICT (vendor_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['restaurants', 'restaurant_hours', 'restaurant_cuisines', 'cuisines', 'brands', 'brand_restaurants'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION sf_store_list_changed()', t || '_listed', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION sf_store_lists_truncated()', t || '_listed_truncate', t);
  END LOOP;
END $$;

-- Opening hours are whole minutes, so whether a store is open changes only on the minute: an answer kept
-- for a minute of store time is right for all of it. Hours stored with seconds are cut to their minute.
UPDATE restaurant_hours SET opens = date_trunc('minute', '2000-01-01'::timestamp + opens)::time,
  closes = date_trunc('minute', '2000-01-01'::timestamp + closes)::time
  WHERE extract(second FROM opens) <> 0 OR extract(second FROM closes) <> 0;
ALTER TABLE restaurant_hours ADD CONSTRAINT restaurant_hours_whole_minutes
  CHECK (extract(second FROM opens) = 0 AND extract(second FROM closes) = 0);
