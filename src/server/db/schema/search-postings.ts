import { boolean, index, integer, pgTable, smallint, text } from "drizzle-orm/pg-core";

/**
 * A listed product's search terms, one row each (decision 0400), kept by the triggers of drizzle/0084 and never
 * written by code: `l:` and a lexeme of its stemmed word document, or `w:` and a word of its whole document, with
 * the ranking tier the term gives a one-word search, the product's title trigram count and catalog order, and (on a
 * word's row) whether the product has the word's lexeme too. A one-word search counts its matches and reads its first
 * page's candidates from the term index alone.
 */
export const searchPostings = pgTable(
  "search_postings",
  {
    locale: text("locale").notNull(),
    term: text("term").notNull(),
    productId: text("product_id").notNull(),
    tier: smallint("tier").notNull(),
    titleTrigrams: integer("title_trigrams").notNull(),
    sortOrder: integer("sort_order").notNull(),
    lexemeHeld: boolean("lexeme_held").notNull(),
  },
  (t) => [
    index("search_postings_term_idx").on(t.locale, t.term, t.lexemeHeld, t.tier, t.titleTrigrams, t.sortOrder, t.productId),
    index("search_postings_product_idx").on(t.productId),
  ],
);
