-- Delivery polygons evaluated in SQL, item tags for the tag-wise discovery rail.

-- Even-odd ray casting over a polygon given as a jsonb array of [lat, lng] points.
-- Anything that is not an array of at least three numeric pairs contains no point.
CREATE FUNCTION sf_point_in_polygon(poly jsonb, lat double precision, lng double precision)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN poly IS NULL OR jsonb_typeof(poly) <> 'array' OR jsonb_array_length(poly) < 3 THEN false
    WHEN EXISTS (
      SELECT 1 FROM jsonb_array_elements(poly) p
      WHERE CASE WHEN jsonb_typeof(p) <> 'array' THEN true
        WHEN jsonb_array_length(p) < 2 THEN true
        ELSE jsonb_typeof(p -> 0) <> 'number' OR jsonb_typeof(p -> 1) <> 'number' END
    ) THEN false
    ELSE (
      SELECT count(*) % 2 = 1
      FROM (
        SELECT (a.v ->> 0)::float8 AS y1, (a.v ->> 1)::float8 AS x1,
               (b.v ->> 0)::float8 AS y2, (b.v ->> 1)::float8 AS x2
        FROM jsonb_array_elements(poly) WITH ORDINALITY a(v, i)
        JOIN jsonb_array_elements(poly) WITH ORDINALITY b(v, j)
          ON b.j = CASE WHEN a.i = jsonb_array_length(poly) THEN 1 ELSE a.i + 1 END
      ) e
      -- CASE keeps the division from running on horizontal edges (y1 = y2).
      WHERE CASE WHEN (e.y1 > lat) <> (e.y2 > lat)
        THEN lng < (e.x2 - e.x1) * (lat - e.y1) / (e.y2 - e.y1) + e.x1 ELSE false END
    )
  END
$$;

-- Free-form merchandising tags such as 'Bestseller', 'New', 'Spicy'.
ALTER TABLE items ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
UPDATE items SET tags = ARRAY['Bestseller'] WHERE is_featured;
CREATE INDEX items_tags ON items USING gin (tags);
CREATE INDEX restaurants_vendor_active ON restaurants (vendor_id) WHERE is_active;

-- A short store description for the detail page (translated via i18n.<lang>.description).
ALTER TABLE restaurants ADD COLUMN description text NOT NULL DEFAULT '';

-- Menu reads fetch option groups by item and options by group.
CREATE INDEX item_option_groups_item ON item_option_groups (vendor_id, item_id);
CREATE INDEX item_options_group ON item_options (vendor_id, group_id);
