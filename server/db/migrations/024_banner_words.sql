-- A banner's words besides its headline (docs/behaviour.md#banners): a line under it and the call to action
-- of its button, translated in `i18n` under 'subtitle' and 'action' as the title is under 'title'. The
-- storefront writes them over the banner's picture, so they are read, translated and mirrored as text.
ALTER TABLE banners ADD COLUMN subtitle text NOT NULL DEFAULT '';
ALTER TABLE banners ADD COLUMN action_text text NOT NULL DEFAULT '';
