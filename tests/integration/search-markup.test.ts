import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { describeOnEachDatabase } from "../helpers/test-database";
import { withDemoShopDatabase } from "../helpers/demo-shop-database";
import { forgetKeptSearches } from "@/features/catalog/search-matches";
import { searchProducts } from "@/features/catalog/search-service";
import { queryRows } from "@/server/db/rows";

/*
 * Search's normalisation takes out markup, not text that holds a `<` (drizzle/0085): a plain-text title "I <3 NY" next
 * to an HTML description used to lose everything from its `<` to the description's first `>`.
 */

const statementsOf = (file: string) =>
  readFileSync(path.join(process.cwd(), "drizzle", file), "utf8")
    .split("--> statement-breakpoint")
    .map((part) => part.trim())
    .filter((part) => part.replace(/^--.*$/gm, "").trim() !== "");

describeOnEachDatabase("search over text with a `<`", (kind) => {
  const t = withDemoShopDatabase(kind);

  const titles = async (query: string, locale: "en" | "es" = "en") => {
    forgetKeptSearches(t.db);
    return (await searchProducts(t.db, { query, locale, limit: 50 })).products.map((p) => p.title);
  };
  const facetKey = async (text: string) => (await queryRows<{ key: string }>(t.db, sql`SELECT vitrina_facet_key(${text}) AS key`))[0].key;

  it("keeps the words of a title with a `<` and takes the tags out of an HTML description, also in a catalog from before", async () => {
    const [tote] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM products WHERE title_en = 'Marlowe Leather Tote'`);
    const markedUp = ["Talla <b>L</b>", "I <3 NY", "A &amp; B <br/> C"];
    const keysBefore = await Promise.all(markedUp.map(facetKey));
    expect(keysBefore).toEqual(["talla-l", "i-3-ny", "a-b-c"]);
    const write = () =>
      t.db.execute(sql`UPDATE products SET title_en = 'Marlowe <3 Zorblaxian Tote', title_es = 'Bolso <3 Zorblaxiano',
        description_en = '<p>A <b>quixotic</b> classic &amp; more</p>' WHERE id = ${tote.id}`);
    await write();
    const [doc] = await queryRows<{ en: string; es: string }>(t.db, sql`SELECT search_en AS en, search_title_es AS es FROM products WHERE id = ${tote.id}`);
    expect(doc.en).toContain("marlowe <3 zorblaxian tote");
    expect(doc.en).toMatch(/ a +quixotic +classic +more /);
    expect(doc.en).not.toMatch(/<\/?[pb]>|&amp;/);
    expect(doc.es).toBe("bolso <3 zorblaxiano");
    // A word being typed is found in the document as written; a word of the description, with its tags around it.
    expect(await titles("zorbla")).toEqual(["Marlowe <3 Zorblaxian Tote"]);
    expect(await titles("zorbla tote")).toEqual(["Marlowe <3 Zorblaxian Tote"]);
    expect(await titles("quixot")).toEqual(["Marlowe <3 Zorblaxian Tote"]);
    expect(await titles("zorblaxiano", "es")).toEqual(["Bolso <3 Zorblaxiano"]);

    // A database migrated before drizzle/0085 stored the document the old normalisation made; the migration makes it again.
    const [oldNormalize] = statementsOf("0082_search_normalize_plpgsql.sql");
    await t.db.execute(sql.raw(oldNormalize));
    await write();
    const stored = async () => (await queryRows<{ doc: string }>(t.db, sql`SELECT search_en AS doc FROM products WHERE id = ${tote.id}`))[0].doc;
    expect(await stored()).toMatch(/^marlowe +a +quixotic /);
    for (const statement of statementsOf("0085_search_normalize_markup_only.sql")) await t.db.execute(sql.raw(statement));
    expect(await stored()).toBe(doc.en);
    expect(await titles("zorbla tote")).toEqual(["Marlowe <3 Zorblaxian Tote"]);
    expect(await titles("zorbla")).toEqual(["Marlowe <3 Zorblaxian Tote"]);
    expect(await titles("quixot")).toEqual(["Marlowe <3 Zorblaxian Tote"]);
    // Filter keys stay what they were: they are stored and in URLs.
    expect(await Promise.all(markedUp.map(facetKey))).toEqual(keysBefore);
  });
});
