-- How many distinct trigrams each product's normalised title has, per language: the bound that lets a search asked
-- for the first time rank only its page's candidates by title similarity (decision 0396). pg_trgm's similarity of a
-- title to the words is common ÷ (words' + title's − common), at most min ÷ max of the two counts, so with the
-- title's count stored a match's bound is two integers instead of the title's trigrams made again (~2 µs a row:
-- 100 ms for a word in 48,000 titles at a million products). Stored generated columns of the titles themselves, so
-- every write keeps them and nothing else writes them. Adding them rewrites the table: ~90 s at a million products.
ALTER TABLE "products"
  ADD COLUMN IF NOT EXISTS "search_title_trigrams_en" integer
    GENERATED ALWAYS AS (coalesce(array_length(public.show_trgm(public.vitrina_search_normalize("title_en")), 1), 0)) STORED,
  ADD COLUMN IF NOT EXISTS "search_title_trigrams_es" integer
    GENERATED ALWAYS AS (coalesce(array_length(public.show_trgm(public.vitrina_search_normalize(coalesce(nullif("title_es", ''), "title_en"))), 1), 0)) STORED;
