-- The vendor's frequently asked questions (get_faq_all), one row per question and language.
CREATE TABLE faqs (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang ~ '^[a-z]{2,3}$'),
  question text NOT NULL CHECK (length(question) BETWEEN 1 AND 500),
  answer text NOT NULL CHECK (length(answer) BETWEEN 1 AND 5000),
  sort_order integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true
);
CREATE INDEX faqs_vendor_lang ON faqs (vendor_id, lang, sort_order);
