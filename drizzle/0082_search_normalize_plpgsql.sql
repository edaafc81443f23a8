-- The same normalisation as drizzle/0002, in PL/pgSQL: identical output for every input (so every index and stored
-- document made with it stays valid), at about half the cost a call. The SQL version was never inlined (unaccent is
-- only STABLE, and an IMMUTABLE function's body must be immutable to be inlined), so each call ran as a SQL function
-- of its own; PL/pgSQL evaluates one expression far more cheaply. Search pays it per candidate row when a word is
-- matched as a substring (the category names and option values are normalised as they are read): 50,000 calls cost
-- ~80 ms before and ~40 ms after at a million products (docs/performance-log.md).
CREATE OR REPLACE FUNCTION vitrina_search_normalize(input text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
AS $$
BEGIN
  RETURN lower(public.unaccent('public.unaccent'::regdictionary,
    regexp_replace(regexp_replace(input, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')));
END
$$;
