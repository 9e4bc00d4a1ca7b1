-- Nearby stores look only at the stores that can serve the customer, through spatial indexes, instead
-- of computing the distance to every store of the vendor.
--
-- reach: the box (longitude, latitude) a store can deliver to: its polygon's bounds when it has a
-- polygon, else its delivery radius around it. Slightly larger than the area, never smaller; a store
-- with a malformed polygon (which delivers nowhere) has no reach. The exact test still follows.
CREATE FUNCTION sf_store_reach(store_lat double precision, store_lng double precision, radius_km numeric, poly jsonb)
RETURNS box LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN poly IS NULL THEN (
      SELECT box(point(greatest(-180, store_lng - d.dlng), greatest(-90, store_lat - d.dlat)),
        point(least(180, store_lng + d.dlng), least(90, store_lat + d.dlat)))
      FROM (
        -- Degrees of latitude for the radius (6371 km Earth, as the distance), 0.1% wider; degrees of
        -- longitude at the box's latitude farthest from the equator (the whole circle of longitude near a pole).
        SELECT radius_km::float8 / 111.19 * 1.001 AS dlat,
          CASE WHEN abs(store_lat) + radius_km::float8 / 111.19 * 1.001 >= 89.9 THEN 360
            ELSE radius_km::float8 / 111.19 * 1.001 / cos(radians(abs(store_lat) + radius_km::float8 / 111.19 * 1.001)) END AS dlng
      ) d)
    WHEN jsonb_typeof(poly) <> 'array' OR jsonb_array_length(poly) < 3 THEN NULL
    WHEN EXISTS (
      SELECT 1 FROM jsonb_array_elements(poly) p
      WHERE jsonb_typeof(p) <> 'array' OR jsonb_array_length(p) < 2 OR jsonb_typeof(p -> 0) <> 'number' OR jsonb_typeof(p -> 1) <> 'number'
    ) THEN NULL
    ELSE (
      SELECT box(point(min((p ->> 1)::float8), min((p ->> 0)::float8)), point(max((p ->> 1)::float8), max((p ->> 0)::float8)))
      FROM jsonb_array_elements(poly) p)
  END
$$;

ALTER TABLE restaurants
  ADD COLUMN reach box GENERATED ALWAYS AS (sf_store_reach(latitude, longitude, delivery_radius_km, delivery_polygon)) STORED,
  ADD COLUMN location point GENERATED ALWAYS AS (point(longitude, latitude)) STORED;

-- Delivery: the stores whose reach holds the customer. Pickup: the stores within a box around the customer.
CREATE INDEX restaurants_reach ON restaurants USING gist (reach) WHERE is_active;
CREATE INDEX restaurants_location ON restaurants USING gist (location) WHERE is_active;
