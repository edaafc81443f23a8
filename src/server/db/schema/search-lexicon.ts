import { sql } from "drizzle-orm";
import { index, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The catalog's words per language (decision 0394), kept by the triggers of drizzle/0080 and never written by code:
 * every distinct normalised word of a listed product's whole search document. A search whose words find nothing
 * looks its words' near spellings up here (trigram-indexed) rather than in every product's document. No unique key:
 * two writers may add the same new word at once (drizzle/0080), and the lookup merges the copies.
 */
export const searchLexicon = pgTable(
  "search_lexicon",
  {
    locale: text("locale").notNull(),
    word: text("word").notNull(),
  },
  (t) => [
    index("search_lexicon_locale_word_idx").on(t.locale, t.word),
    index("search_lexicon_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);
