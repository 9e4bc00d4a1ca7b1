-- The origins a vendor allows to frame its full-page storefront (the page's CSP frame-ancestors, next to
-- the page's own origin); empty: only its own. Each is http(s)://host[:port], the host's first label may be *.
-- server/modules/vendors/domain/page-settings.ts (FRAME_ANCESTOR) checks the same grammar again when the header is built.
ALTER TABLE vendors ADD COLUMN frame_ancestors text[] NOT NULL DEFAULT '{}'
  CONSTRAINT vendors_frame_ancestors_check CHECK (
    array_position(frame_ancestors, NULL) IS NULL
    AND array_position(frame_ancestors, '') IS NULL
    AND array_to_string(frame_ancestors, ' ')
      ~ '^(https?://(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:[0-9]{1,5})?( https?://(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:[0-9]{1,5})?)*)?$'
  );
