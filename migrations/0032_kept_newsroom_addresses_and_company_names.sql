-- Issue 35. Every newsroom address a brand takes is kept (newsroom_addresses): a former one redirects to the
-- current one and is never given to another brand, nor again once its brand or workspace is gone.
INSERT INTO "newsroom_addresses" ("slug", "brand_id")
SELECT "newsroom_slug", "id" FROM "brands" WHERE "newsroom_slug" IS NOT NULL ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "brands_newsroom_address"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holder uuid;
BEGIN
  -- Whatever writes a brand's address records it; one held, or once held, by another brand is refused.
  INSERT INTO newsroom_addresses (slug, brand_id) VALUES (NEW.newsroom_slug, NEW.id) ON CONFLICT (slug) DO NOTHING;
  SELECT brand_id INTO holder FROM newsroom_addresses WHERE slug = NEW.newsroom_slug;
  IF holder IS DISTINCT FROM NEW.id THEN
    RAISE EXCEPTION 'newsroom address % belongs to another brand', NEW.newsroom_slug
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'newsroom_addresses_pkey';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "brands_newsroom_address" AFTER INSERT OR UPDATE OF "newsroom_slug" ON "brands"
FOR EACH ROW WHEN (NEW."newsroom_slug" IS NOT NULL) EXECUTE FUNCTION "brands_newsroom_address"();
--> statement-breakpoint
-- Issue 35, decision 018. A company name as a reader tells it apart from another: compatibility forms
-- unfolded, lower case, no accents or Arabic marks (أ إ آ lose their hamza and madda), ٱ ة ى ی ک as ا ه ي ي ك,
-- digits of both Arabic scripts as Latin ones, Cyrillic and Greek letters drawn like Latin ones as those,
-- and nothing but letters and digits (spaces, punctuation, symbols and invisible characters dropped).
CREATE FUNCTION "company_name_key"(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    translate(
      regexp_replace(lower(normalize(coalesce(value, ''), NFKD)), '[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]', '', 'g'),
      'ٱةىیک٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹авекмнопрстухѕіјһԁԛԝьɡαβεηικνορτυχωıȷ',
      'اهييك01234567890123456789abekmhonpctyxsijhdqwbgabenikvoptuxwij'),
    '[^a-z0-9\u00df-\u024f\u0370-\u03ff\u0400-\u052f\u0531-\u058f\u05d0-\u05ea\u0621-\u064a\u066e-\u06d3\u06d5\u06ee-\u06ff\u0750-\u077f\u08a0-\u08ff\u0900-\u0dff\u0e00-\u0e7f\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]',
    '', 'g')
$$;
--> statement-breakpoint
-- The names a brand goes by (its name, Arabic name and sender name), each once, empty ones left out.
CREATE FUNCTION "company_name_keys"(name text, name_ar text, sender_name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(key ORDER BY first), '{}'::text[]) FROM (
    SELECT key, min(position) AS first
    FROM unnest(ARRAY[company_name_key(name), company_name_key(name_ar), company_name_key(sender_name)]) WITH ORDINALITY AS k(key, position)
    WHERE key <> '' GROUP BY key
  ) AS keys
$$;
--> statement-breakpoint
-- "Only from {Company}" rows from before: the brand's workspace, its name as chosen, and its names now.
UPDATE "company_unsubscribes" c
SET "workspace_id" = b."workspace_id", "company_name" = b."name", "names" = company_name_keys(b."name", b."name_ar", b."sender_name")
FROM "brands" b WHERE b."id" = c."company_id";
