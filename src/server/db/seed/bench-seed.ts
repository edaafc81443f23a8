import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { queryRows } from "../rows";

/**
 * The benchmark's big catalog: `count` generated bilingual products with 1–3 variants, an image and one
 * or two categories each, written by a handful of INSERT … SELECT generate_series statements, so 100,000 products
 * take seconds on PostgreSQL rather than 100,000 round trips. Never part of the demo: only `npm run bench` calls it,
 * on a database of its own.
 *
 * The mix is what a real shop looks like to the listing queries: about 2% hidden, 1% drafts, 1% deleted and 0.5%
 * without variants (all invisible to shoppers), categories of very different sizes, and words chosen so a two-word
 * search such as "cognac tote" matches about 1 product in 190.
 */

export const BENCH_CATEGORIES = [
  { slug: "bench-handbags", en: "Handbags", es: "Bolsos" },
  { slug: "bench-shoes", en: "Shoes", es: "Zapatos" },
  { slug: "bench-watches", en: "Watches", es: "Relojes" },
  { slug: "bench-accessories", en: "Accessories", es: "Accesorios" },
  { slug: "bench-travel", en: "Travel", es: "Viaje" },
  { slug: "bench-small-leather", en: "Small leather goods", es: "Pequeña marroquinería" },
  { slug: "bench-jewellery", en: "Jewellery", es: "Joyería" },
  { slug: "bench-home", en: "Home", es: "Hogar" },
] as const;

/** Every 10th product is also a new arrival: a category much smaller than the others. */
export const BENCH_NEW_ARRIVALS = { slug: "bench-new-arrivals", en: "New arrivals", es: "Novedades" };

const colorsEn = ["cognac", "black", "ivory", "navy", "olive", "burgundy", "sand", "taupe", "forest", "rose", "slate", "amber"];
const colorsEs = ["coñac", "negro", "marfil", "marino", "oliva", "burdeos", "arena", "topo", "bosque", "rosa", "pizarra", "ámbar"];
const materialsEn = ["leather", "suede", "canvas", "nubuck", "steel", "brass", "linen", "wool", "cork", "nylon"];
const materialsEs = ["piel", "ante", "lona", "nobuk", "acero", "latón", "lino", "lana", "corcho", "nailon"];
const nounsEn = ["tote", "clutch", "satchel", "loafer", "sneaker", "boot", "watch", "chronograph", "belt", "wallet", "scarf", "duffel", "backpack", "bracelet", "cardholder", "sandal"];
const nounsEs = ["tote", "cartera de mano", "bandolera", "mocasín", "zapatilla", "bota", "reloj", "cronógrafo", "cinturón", "billetera", "pañuelo", "bolsa de viaje", "mochila", "pulsera", "tarjetero", "sandalia"];
const placesEn = ["Florence", "Porto", "Ubrique", "Lyon", "Oaxaca", "Kyoto", "Istanbul"];
const placesEs = ["Florencia", "Oporto", "Ubrique", "Lyon", "Oaxaca", "Kioto", "Estambul"];

/** The statement triggers that refresh the filters' rows after inserts (drizzle/0009, 0023). */
const FACET_INSERT_TRIGGERS = [
  ["products", "products_facets_inserted"],
  ["variants", "variants_facets_inserted"],
  ["product_categories", "product_categories_facets_inserted"],
  ["variant_option_values", "variant_option_values_facets_inserted"],
] as const;

function textArray(values: readonly string[]) {
  return sql.raw(`(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]::text[])`);
}

export type BenchSeedResult = { products: number; variants: number; visible: number; seconds: number };

/** Writes the big catalog into an empty, migrated database (ids `prod_bench_…`); refuses to run twice. */
export async function seedBenchCatalog(db: Db, options: { count?: number; currency?: string } = {}): Promise<BenchSeedResult> {
  const count = options.count ?? 100_000;
  const currency = (options.currency ?? "EUR").toUpperCase();
  const started = performance.now();
  const existing = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products WHERE id LIKE 'prod_bench_%'`);
  if (Number(existing[0]?.n) > 0) throw new Error("The bench catalog is already in this database.");

  const cEn = textArray(colorsEn);
  const cEs = textArray(colorsEs);
  const mEn = textArray(materialsEn);
  const mEs = textArray(materialsEs);
  const nEn = textArray(nounsEn);
  const nEs = textArray(nounsEs);
  const pEn = textArray(placesEn);
  const pEs = textArray(placesEs);
  // Word positions are independent of one another (12 colours × 10 materials × 16 nouns), so searches for two
  // words have a predictable share of matches.
  const color = sql.raw(`(1 + i % ${colorsEn.length})`);
  const material = sql.raw(`(1 + (i / ${colorsEn.length}) % ${materialsEn.length})`);
  const noun = sql.raw(`(1 + (i / ${colorsEn.length * materialsEn.length}) % ${nounsEn.length})`);
  const place = sql.raw(`(1 + (i / 7) % ${placesEn.length})`);
  // The shoes category of the main-category rule below (i % 20 from 6 to 9).
  const shoe = sql.raw(`(i % 20 BETWEEN 6 AND 9)`);

  // Ids are zero-padded to at least 6 digits (7 from a million products on), so they sort as numbers.
  const pad = sql.raw(String(Math.max(6, String(count).length)));

  await db.transaction(async (tx) => {
    // The facet triggers (drizzle/0009, 0023) would recompute every product's filter rows after each of the
    // statements below (four passes over the whole catalog): they are off inside this transaction, which runs the
    // same refresh once at its end. ALTER TABLE is transactional, so no other session ever sees them off.
    for (const [table, trigger] of FACET_INSERT_TRIGGERS) await tx.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));
    const categoryRows = [...BENCH_CATEGORIES, BENCH_NEW_ARRIVALS].map(
      (c, index) => sql`(${`cat_${c.slug.replace(/-/g, "_")}`}, ${c.slug}, ${c.en}, ${c.es}, ${index})`,
    );
    await tx.execute(sql`INSERT INTO categories (id, slug, name_en, name_es, sort_order) VALUES ${sql.join(categoryRows, sql`, `)}`);

    await tx.execute(sql`
      INSERT INTO products (id, title_en, title_es, subtitle_en, subtitle_es, description_en, description_es,
                            status, is_hidden, sort_order, created_at, updated_at, deleted_at, has_variants)
      SELECT 'prod_bench_' || lpad(i::text, ${pad}, '0'),
             initcap(${cEn}[${color}] || ' ' || ${mEn}[${material}] || ' ' || ${nEn}[${noun}]) || ' No. ' || i,
             initcap(${nEs}[${noun}] || ' de ' || ${mEs}[${material}] || ' ' || ${cEs}[${color}]) || ' n.º ' || i,
             'Handmade in ' || ${pEn}[${place}],
             'Hecho a mano en ' || ${pEs}[${place}],
             '<p>A ' || ${cEn}[${color}] || ' ' || ${nEn}[${noun}] || ' in ' || ${mEn}[${material}]
               || ', cut and finished by hand in ' || ${pEn}[${place}] || '. Made to be carried every day &amp; kept for years.</p>',
             '<p>' || initcap(${nEs}[${noun}]) || ' de ' || ${mEs}[${material}] || ' en color ' || ${cEs}[${color}]
               || ', cortado y acabado a mano en ' || ${pEs}[${place}] || '. Para usar a diario y conservar durante años.</p>',
             CASE WHEN i % 100 = 7 THEN 'draft' ELSE 'published' END,
             i % 50 = 3,
             i,
             now() - (i % 730) * interval '1 day',
             now() - (i % 97) * interval '1 hour',
             CASE WHEN i % 100 = 11 THEN now() ELSE NULL END,
             -- What the variants below will make it (the trigger on variants would otherwise rewrite every product,
             -- and every index entry of it, a second time): the same rule as their WHERE.
             i % 200 <> 0
      FROM generate_series(1, ${count}) AS i`);

    // 1–3 variants per product; every 200th product has none (not sellable, so never listed).
    await tx.execute(sql`
      INSERT INTO variants (id, product_id, title_en, title_es, sku, price_cents, sale_price_cents, currency,
                            manage_inventory, stock, sort_order)
      SELECT 'var_bench_' || lpad(i::text, ${pad}, '0') || '_' || k,
             'prod_bench_' || lpad(i::text, ${pad}, '0'),
             CASE k WHEN 1 THEN 'Standard' WHEN 2 THEN 'Large' ELSE 'Limited' END,
             CASE k WHEN 1 THEN 'Estándar' WHEN 2 THEN 'Grande' ELSE 'Limitada' END,
             'BENCH-' || i || '-' || k,
             2900 + (i * 37 % 40000) + k * 1000,
             CASE WHEN i % 9 = 0 THEN 2500 + (i * 37 % 30000) ELSE NULL END,
             ${currency},
             i % 4 = 0,
             CASE WHEN i % 4 = 0 THEN i % 13 ELSE 0 END,
             k - 1
      FROM generate_series(1, ${count}) AS i
      CROSS JOIN generate_series(1, 3) AS k
      WHERE k <= 1 + i % 3 AND i % 200 <> 0`);

    await tx.execute(sql`
      INSERT INTO product_images (id, product_id, url, alt_en, alt_es, width, height, sort_order)
      SELECT 'img_bench_' || lpad(i::text, ${pad}, '0'), 'prod_bench_' || lpad(i::text, ${pad}, '0'),
             '/images/product-placeholder.webp', 'Product photo', 'Foto del producto', 800, 800, 0
      FROM generate_series(1, ${count}) AS i`);

    // Category sizes differ on purpose, from 30% of the catalog (handbags) down to 5% (the last four), and
    // new arrivals (every 10th product) on top: the small ones test selective filtering.
    const mainCategory = sql.raw(`(CASE WHEN i % 20 < 6 THEN 1 WHEN i % 20 < 10 THEN 2 WHEN i % 20 < 13 THEN 3 WHEN i % 20 < 16 THEN 4 ELSE i % 20 - 11 END)`);
    const categoryIds = textArray(BENCH_CATEGORIES.map((c) => `cat_${c.slug.replace(/-/g, "_")}`));
    await tx.execute(sql`
      INSERT INTO product_categories (product_id, category_id, sort_order)
      SELECT 'prod_bench_' || lpad(i::text, ${pad}, '0'), ${categoryIds}[${mainCategory}], i
      FROM generate_series(1, ${count}) AS i`);
    await tx.execute(sql`
      INSERT INTO product_categories (product_id, category_id, sort_order)
      SELECT 'prod_bench_' || lpad(i::text, ${pad}, '0'), ${`cat_${BENCH_NEW_ARRIVALS.slug.replace(/-/g, "_")}`}, i
      FROM generate_series(10, ${count}, 10) AS i`);

    // Filters (docs/product.md#filters-and-sort): every product has a Colour (its colour word, on all its variants);
    // shoes (20% of the catalog) also a Size, one per variant, from 36 to 44.
    await tx.execute(sql`
      INSERT INTO product_options (id, product_id, title_en, title_es, sort_order)
      SELECT 'opt_bench_' || lpad(i::text, ${pad}, '0') || '_c', 'prod_bench_' || lpad(i::text, ${pad}, '0'), 'Colour', 'Color', 0
      FROM generate_series(1, ${count}) AS i
      UNION ALL
      SELECT 'opt_bench_' || lpad(i::text, ${pad}, '0') || '_s', 'prod_bench_' || lpad(i::text, ${pad}, '0'), 'Size', 'Talla', 1
      FROM generate_series(1, ${count}) AS i WHERE ${shoe}`);
    await tx.execute(sql`
      INSERT INTO product_option_values (id, option_id, value_en, value_es, sort_order)
      SELECT 'optv_bench_' || lpad(i::text, ${pad}, '0') || '_c', 'opt_bench_' || lpad(i::text, ${pad}, '0') || '_c',
             initcap(${cEn}[${color}]), initcap(${cEs}[${color}]), 0
      FROM generate_series(1, ${count}) AS i
      UNION ALL
      SELECT 'optv_bench_' || lpad(i::text, ${pad}, '0') || '_s' || k, 'opt_bench_' || lpad(i::text, ${pad}, '0') || '_s',
             (36 + (i + k) % 9)::text, (36 + (i + k) % 9)::text, k
      FROM generate_series(1, ${count}) AS i CROSS JOIN generate_series(1, 3) AS k WHERE ${shoe}`);
    await tx.execute(sql`
      INSERT INTO variant_option_values (variant_id, option_value_id)
      SELECT v.id, 'optv_bench_' || substr(v.product_id, 12) || '_c' FROM variants v WHERE v.id LIKE 'var_bench_%'
      UNION ALL
      SELECT v.id, 'optv_bench_' || substr(v.product_id, 12) || '_s' || (v.sort_order + 1) FROM variants v
      JOIN product_options o ON o.id = 'opt_bench_' || substr(v.product_id, 12) || '_s'
      WHERE v.id LIKE 'var_bench_%'`);
    await tx.execute(sql`SELECT vitrina_refresh_product_facets(ARRAY(SELECT id FROM products WHERE listed))`);
    for (const [table, trigger] of FACET_INSERT_TRIGGERS) await tx.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
  });
  // What autovacuum does soon after a real import: fresh statistics (plans should not depend on luck) and a
  // visibility map (index-only scans then skip the heap). VACUUM cannot run inside a transaction block.
  await db.execute(sql`VACUUM ANALYZE`);

  const [variantCount] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM variants WHERE id LIKE 'var_bench_%'`);
  const [visible] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM products p WHERE p.deleted_at IS NULL AND p.is_hidden = false AND p.status = 'published'
        AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id)`,
  );
  return { products: count, variants: Number(variantCount?.n), visible: Number(visible?.n), seconds: (performance.now() - started) / 1000 };
}
