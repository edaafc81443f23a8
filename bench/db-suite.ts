/**
 * In-process query suite of the benchmark (run by bench/run.mjs through tsx): on a fresh database of its own —
 * PostgreSQL when --url is given, else embedded PGlite in --dir — applies the migrations, writes the big catalog,
 * then times the catalog service calls the store, category and search pages make, and EXPLAIN ANALYZEs their SQL.
 * Prints one JSON line on stdout.
 *
 *   tsx bench/db-suite.ts [--url postgres://…/db | --dir /tmp/x] [--count 100000] [--runs 30] [--reuse true]
 *                         [--only "facet counts"]  (the calls whose name contains it)
 */
import { sql, type SQL } from "drizzle-orm";
import { openDatabase, type Db } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { seedBenchCatalog } from "../src/server/db/seed/bench-seed";
import { explainAll, timeCalls, type TimedCall } from "./suite-timing";
import { listProducts } from "../src/features/catalog/service";
import { searchProducts } from "../src/features/catalog/search-service";
import { forgetKeptSearches } from "../src/features/catalog/search-matches";
import { searchSuggestions } from "../src/features/catalog/search-suggestions";
import { catalogWalkSql, listFacets, listFilteredProducts, type FilteredListInput } from "../src/features/catalog/facet-service";
import { syncFacetIndex } from "../src/features/catalog/facet-index";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const count = Number(args.get("count") ?? 100_000);
const runs = Number(args.get("runs") ?? 30);

const store = { kind: "store" } as const;
/**
 * Pairs of filters over large and small sets (in stock ≈ 98% of variants, a colour ≈ 8%, a size ≈ 7% of products,
 * on sale ≈ 11%), each met by ONE variant (docs/product.md#filters-and-sort). The goal: p95 ≤ 50 ms for both calls.
 */
const twoFacetCases: Array<[string, FilteredListInput]> = [
  ["size + in stock", { locale: "en", scope: store, filters: { options: { size: ["40"] }, inStock: true } }],
  ["size + price", { locale: "en", scope: store, filters: { options: { size: ["42"] }, priceMin: 5000, priceMax: 9999 }, sort: "price_asc" }],
  ["colour + in stock", { locale: "en", scope: store, filters: { options: { colour: ["black"] }, inStock: true } }],
  ["colour + price", { locale: "en", scope: store, filters: { options: { colour: ["black"] }, priceMin: 5000, priceMax: 9999 } }],
  ["colour + size", { locale: "es", scope: store, filters: { options: { colour: ["navy"], size: ["41"] } }, sort: "newest" }],
  ["in stock + on sale, by price", { locale: "en", scope: store, filters: { options: {}, inStock: true, onSale: true }, sort: "price_asc" }],
  ["price + in stock, bestselling", { locale: "en", scope: store, filters: { options: {}, priceMin: 10000, priceMax: 19999, inStock: true }, sort: "bestselling" }],
  ["category + size", { locale: "es", scope: { kind: "category", slug: "bench-shoes" }, filters: { options: { size: ["38"] } } }],
  ["category + in stock, page 3", { locale: "en", scope: { kind: "category", slug: "bench-handbags" }, filters: { options: {}, inStock: true }, offset: 48 }],
  ["search + colour", { locale: "en", scope: { kind: "search", query: "leather" }, filters: { options: { colour: ["cognac"] } }, sort: "newest" }],
];

/** A call timed as the first ask of its search: the process's kept searches are dropped before it. */
const firstAsk = (name: string, call: TimedCall["call"]): TimedCall => ({
  name,
  call: (db) => {
    forgetKeptSearches(db);
    return call(db);
  },
});

/** The shopper-facing calls of the three big-catalog pages (page size 24, as the storefront uses). */
const suite: TimedCall[] = [
  { name: "store page 2", call: (db) => listProducts(db, { locale: "en", offset: 24, limit: 24 }) },
  { name: "category page", call: (db) => listProducts(db, { locale: "en", category: "bench-watches", offset: 0, limit: 24 }) },
  { name: "small category page", call: (db) => listProducts(db, { locale: "es", category: "bench-new-arrivals", offset: 24, limit: 24 }) },
  { name: "search", call: (db) => searchProducts(db, { query: "cognac tote", locale: "en", limit: 24 }) },
  { name: "search (es)", call: (db) => searchProducts(db, { query: "reloj acero", locale: "es", limit: 24 }) },
  // A search this process has not kept yet (search-matches.ts): what a query nobody asked before costs.
  firstAsk("search, first ask", (db) => searchProducts(db, { query: "cognac tote", locale: "en", limit: 24 })),
  // Words as words (decision 0371): a Spanish plural and an accent-less word matched by stem and accent folding, a
  // typo matched by trigram similarity once the words find nothing, and the header's suggestions on a word being typed.
  firstAsk("search, first ask (es, stems)", (db) => searchProducts(db, { query: "zapatillas conac", locale: "es", limit: 24 })),
  firstAsk("search, first ask (typo)", (db) => searchProducts(db, { query: "cognak tote", locale: "en", limit: 24 })),
  firstAsk("suggestions, first ask", (db) => searchSuggestions(db, { query: "cognac tot", locale: "en" })),
  // Two filters at once (docs/product.md#filters-and-sort): the page with its count, then every value's count.
  ...twoFacetCases.flatMap(([name, input]) => [
    { name: `filters: ${name}`, call: (db: Db) => listFilteredProducts(db, { offset: 0, ...input, limit: 24 }) },
    { name: `facet counts: ${name}`, call: (db: Db) => listFacets(db, input) },
  ]),
];

// The SQL the service runs for those pages (kept in step with features/catalog/service.ts), for EXPLAIN.
const visible = sql`p.listed`;
const inCategory = (slug: string) => sql`EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id
  AND pc.category_id IN (SELECT c.id FROM categories c WHERE c.slug = ${slug} OR c.id = ${slug}))`;
const categoryCount = (slug: string) => sql`SELECT count(*)::int AS matches, coalesce(sum(lc.listed), 0)::int AS n FROM categories c
  LEFT JOIN catalog_listing_counts lc ON lc.scope = 'category:' || c.id WHERE c.slug = ${slug} OR c.id = ${slug}`;
const like = (w: string) => sql`('%' || vitrina_search_normalize(${w}) || '%')`;
const searchWhere = (doc: SQL, words: string[]) => sql.join([visible, ...words.map((w) => sql`${doc} LIKE ${like(w)}`)], sql` AND `);
const searchPage = (doc: SQL, title: SQL, words: string[]) => sql`SELECT p.id FROM products p WHERE ${searchWhere(doc, words)}
  ORDER BY CASE WHEN ${title} LIKE ('%' || vitrina_search_normalize(${words.join(" ")}) || '%') THEN 0
                WHEN ${sql.join(words.map((w) => sql`${title} LIKE ${like(w)}`), sql` AND `)} THEN 1 ELSE 2 END,
           similarity(${title}, vitrina_search_normalize(${words.join(" ")})) DESC, p.sort_order, p.id LIMIT 24`;
const explained: Array<{ name: string; query: SQL }> = [
  { name: "store page 2 (ids)", query: sql`SELECT p.id FROM products p WHERE ${visible} ORDER BY p.sort_order ASC, p.id ASC LIMIT 24 OFFSET 24` },
  { name: "store count", query: sql`SELECT 1 AS matches, coalesce((SELECT listed FROM catalog_listing_counts WHERE scope = 'store'), 0)::int AS n` },
  {
    name: "category page (ids)",
    query: sql`SELECT p.id FROM products p WHERE ${visible} AND ${inCategory("bench-watches")} ORDER BY p.sort_order ASC, p.id ASC LIMIT 24 OFFSET 0`,
  },
  { name: "category count", query: categoryCount("bench-watches") },
  {
    name: "small category page 2 (ids)",
    query: sql`SELECT p.id FROM products p WHERE ${visible} AND ${inCategory("bench-new-arrivals")} ORDER BY p.sort_order ASC, p.id ASC LIMIT 24 OFFSET 24`,
  },
  { name: "search (ids)", query: searchPage(sql`p.search_en`, sql`p.search_title_en`, ["cognac", "tote"]) },
  { name: "search count", query: sql`SELECT count(*)::int AS n FROM products p WHERE ${searchWhere(sql`p.search_en`, ["cognac", "tote"])}` },
  { name: "search (es) (ids)", query: searchPage(sql`p.search_es`, sql`p.search_title_es`, ["reloj", "acero"]) },
  // A filtered page walks the sort's index like this (the matches come from the facet index).
  { name: "filters: sort walk by price (ids)", query: catalogWalkSql({ locale: "en", scope: store, filters: { options: {} }, sort: "price_asc" }, 0, 2000) },
  { name: "filters: sort walk by bestselling (ids)", query: catalogWalkSql({ locale: "en", scope: store, filters: { options: {} }, sort: "bestselling" }, 0, 2000) },
  { name: "filters: facet index changes since a snapshot", query: sql`SELECT product_id FROM catalog_facet_versions WHERE txid >= pg_snapshot_xmax(pg_current_snapshot())::text::bigint` },
];

async function main() {
  const handle = args.get("url") ? await openDatabase({ databaseUrl: args.get("url"), poolSize: 4 }) : await openDatabase({ dataDir: args.get("dir") ?? "memory://" });
  const { db } = handle;
  await migrateDatabase(db, handle.kind);
  // --reuse: time the calls again on a database this suite seeded before (seeding 100k takes minutes).
  const reuse = args.get("reuse") === "true";
  const seeded = reuse ? { products: count, variants: 0, visible: 0, seconds: 0 } : await seedBenchCatalog(db, { count });
  process.stderr.write(`bench: ${handle.kind}: ${seeded.products} products (${seeded.visible} visible), ${seeded.variants} variants in ${seeded.seconds.toFixed(1)} s\n`);

  // The facet index's first load (once per process, then only changed products are read again).
  const loadStarted = performance.now();
  const index = await syncFacetIndex(db);
  process.stderr.write(`bench: facet index: ${index.products.size} products loaded in ${(performance.now() - loadStarted).toFixed(0)} ms\n`);
  const only = args.get("only");
  const timings = await timeCalls(db, suite, runs, only);

  const plans = await explainAll(db, explained);
  await handle.close();
  process.stdout.write(`${JSON.stringify({ kind: handle.kind, seeded, timings, plans })}\n`);
}

main().catch((error) => {
  // Drizzle's message repeats the whole statement; the driver's cause is the useful line.
  console.error(`bench: db-suite failed: ${(error as { cause?: Error }).cause?.message ?? (error as Error).message.slice(0, 500)}`);
  process.exit(1);
});
