-- Readable addresses per language for products and categories, and SEO text per product (decision 0370,
-- docs/product.md#product-addresses). Identical on PGlite and PostgreSQL 15.
--
-- A slug is made from the title once, when the row is inserted (BEFORE INSERT trigger, so every writer — admin,
-- CSV import, seed, API — gets one), and is unique per language: a clash takes -2, -3… Editing it later keeps the
-- earlier one in catalog_slug_history, so every address a product ever had keeps answering (with a 301).
ALTER TABLE products ADD COLUMN slug_en text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE products ADD COLUMN slug_es text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE products ADD COLUMN seo_title_en text;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN seo_title_es text;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN seo_description_en text;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN seo_description_es text;
--> statement-breakpoint
ALTER TABLE categories ADD COLUMN slug_es text NOT NULL DEFAULT '';
--> statement-breakpoint
CREATE TABLE catalog_slug_history (
  kind text NOT NULL,
  locale text NOT NULL,
  slug text NOT NULL,
  target_id text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT catalog_slug_history_pk PRIMARY KEY (kind, locale, slug)
);
--> statement-breakpoint
CREATE INDEX catalog_slug_history_target_idx ON catalog_slug_history (target_id);
--> statement-breakpoint
-- The slug rule of src/lib/slug.ts (slugifyTitle), accents folded first: 'Bolso Marlowe de piel' → 'bolso-marlowe-de-piel'.
-- Cut to 90 characters so a -NN suffix still fits the 100 an address allows.
CREATE OR REPLACE FUNCTION vitrina_slugify(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT btrim(left(btrim(regexp_replace(regexp_replace(
    lower(public.unaccent('public.unaccent'::regdictionary, input)),
    '[^a-z0-9\s_-]', '', 'g'), '[\s_-]+', '-', 'g'), '-'), 90), '-')
$$;
--> statement-breakpoint
-- The first free slug from `base` for a product or category in one language: not another row's current slug, nor
-- another row's earlier one (which still redirects to it).
CREATE OR REPLACE FUNCTION vitrina_free_slug(row_kind text, lang text, base text, self_id text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  stem text := coalesce(nullif(base, ''), row_kind);
  candidate text := stem;
  n integer := 1;
  taken boolean;
BEGIN
  LOOP
    IF row_kind = 'product' THEN
      SELECT EXISTS (SELECT 1 FROM public.products p WHERE p.id <> self_id
        AND CASE WHEN lang = 'es' THEN p.slug_es ELSE p.slug_en END = candidate) INTO taken;
    ELSE
      SELECT EXISTS (SELECT 1 FROM public.categories c WHERE c.id <> self_id
        AND CASE WHEN lang = 'es' THEN c.slug_es ELSE c.slug END = candidate) INTO taken;
    END IF;
    IF NOT taken THEN
      SELECT EXISTS (SELECT 1 FROM public.catalog_slug_history h
        WHERE h.kind = row_kind AND h.locale = lang AND h.slug = candidate AND h.target_id <> self_id) INTO taken;
    END IF;
    EXIT WHEN NOT taken;
    n := n + 1;
    candidate := stem || '-' || n;
  END LOOP;
  RETURN candidate;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_product_slugs_on_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug_en = '' THEN
    NEW.slug_en := public.vitrina_free_slug('product', 'en', public.vitrina_slugify(NEW.title_en), NEW.id);
  END IF;
  IF NEW.slug_es = '' THEN
    NEW.slug_es := public.vitrina_free_slug('product', 'es', public.vitrina_slugify(coalesce(nullif(NEW.title_es, ''), NEW.title_en)), NEW.id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_category_slugs_on_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug_es = '' THEN
    NEW.slug_es := public.vitrina_free_slug('category', 'es', public.vitrina_slugify(coalesce(nullif(NEW.name_es, ''), NEW.slug)), NEW.id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Every slug a row leaves keeps pointing at it (a later owner of the same slug wins: current slugs are read first).
CREATE OR REPLACE FUNCTION vitrina_slug_history_on_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  row_kind text := TG_ARGV[0];
  old_en text;
  new_en text;
BEGIN
  IF row_kind = 'product' THEN
    old_en := OLD.slug_en; new_en := NEW.slug_en;
  ELSE
    old_en := OLD.slug; new_en := NEW.slug;
  END IF;
  IF old_en <> '' AND old_en IS DISTINCT FROM new_en THEN
    INSERT INTO public.catalog_slug_history (kind, locale, slug, target_id) VALUES (row_kind, 'en', old_en, NEW.id)
    ON CONFLICT (kind, locale, slug) DO UPDATE SET target_id = EXCLUDED.target_id, created_at = now();
  END IF;
  IF OLD.slug_es <> '' AND OLD.slug_es IS DISTINCT FROM NEW.slug_es THEN
    INSERT INTO public.catalog_slug_history (kind, locale, slug, target_id) VALUES (row_kind, 'es', OLD.slug_es, NEW.id)
    ON CONFLICT (kind, locale, slug) DO UPDATE SET target_id = EXCLUDED.target_id, created_at = now();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Existing rows, oldest first, so the first of two same-titled products keeps the plain slug.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id, title_en, title_es FROM products ORDER BY created_at, id LOOP
    UPDATE products SET
      slug_en = public.vitrina_free_slug('product', 'en', public.vitrina_slugify(r.title_en), r.id),
      slug_es = public.vitrina_free_slug('product', 'es', public.vitrina_slugify(coalesce(nullif(r.title_es, ''), r.title_en)), r.id)
    WHERE id = r.id;
  END LOOP;
  FOR r IN SELECT id, slug, name_es FROM categories ORDER BY sort_order, created_at, id LOOP
    UPDATE categories SET slug_es = public.vitrina_free_slug('category', 'es', public.vitrina_slugify(coalesce(nullif(r.name_es, ''), r.slug)), r.id)
    WHERE id = r.id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX products_slug_en_unique ON products (slug_en);
--> statement-breakpoint
CREATE UNIQUE INDEX products_slug_es_unique ON products (slug_es);
--> statement-breakpoint
CREATE UNIQUE INDEX categories_slug_es_unique ON categories (slug_es);
--> statement-breakpoint
CREATE TRIGGER products_slugs_on_insert BEFORE INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION vitrina_product_slugs_on_insert();
--> statement-breakpoint
CREATE TRIGGER categories_slugs_on_insert BEFORE INSERT ON categories
  FOR EACH ROW EXECUTE FUNCTION vitrina_category_slugs_on_insert();
--> statement-breakpoint
CREATE TRIGGER products_slug_history AFTER UPDATE OF slug_en, slug_es ON products
  FOR EACH ROW WHEN (OLD.slug_en IS DISTINCT FROM NEW.slug_en OR OLD.slug_es IS DISTINCT FROM NEW.slug_es)
  EXECUTE FUNCTION vitrina_slug_history_on_update('product');
--> statement-breakpoint
CREATE TRIGGER categories_slug_history AFTER UPDATE OF slug, slug_es ON categories
  FOR EACH ROW WHEN (OLD.slug IS DISTINCT FROM NEW.slug OR OLD.slug_es IS DISTINCT FROM NEW.slug_es)
  EXECUTE FUNCTION vitrina_slug_history_on_update('category');
