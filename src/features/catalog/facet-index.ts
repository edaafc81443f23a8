import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { catalogChangeMark, unchangedSince } from "@/server/db/catalog-changes";
import { queryRows } from "@/server/db/rows";
import type { FlatIndex, IndexedProduct } from "./facet-index-shape";
import { flatten } from "./facet-index-flat";
import { SignatureFolds } from "./facet-signatures";
import { PRICE_BUCKETS } from "./listing-params";

/**
 * The storefront filters' variants in memory (docs/product.md#filters-and-sort, decision 0121): every variant of a
 * listed product as its price and a few small integers (its option values, price bucket, "in stock", "on sale").
 * Counting every filter value over 100k products is then one pass over ~200k variants in this process (a few
 * milliseconds) instead of aggregating index rows in the database (hundreds).
 *
 * The rows come from `listed_variants` (kept by the triggers of drizzle/0023). Each read first asks the database
 * which products changed since the last one — `catalog_facet_versions` rows written by transactions the last read's
 * snapshot could not see (from its xmax on, or running then) — and reloads just those products, so a checkout that
 * sells the last unit, a cancel, an admin edit or a received return shows in the next count on every instance.
 */

export const IN_STOCK = "in_stock";
export const ON_SALE = "on_sale";
export const priceBucketKey = (i: number) => `price:${i}`;

/** "o:size:42" → "o:size"; "price:2" → "price"; "in_stock" and "on_sale" are their own groups. */
export function groupOfKey(key: string): string {
  if (key.startsWith("o:")) return key.slice(0, key.indexOf(":", 2));
  if (key.startsWith("price:")) return "price";
  return key;
}

export class FacetIndex {
  readonly products = new Map<string, IndexedProduct>();
  /** Bumped whenever a sync changed anything: part of the cache key of filtered pages. */
  generation = 0;
  /** The last read's snapshot edge: where the next sync starts. */
  edge: SnapshotEdge = { xmax: 0, xip: [] };
  /** The change mark taken before the last read (PGlite: nothing to ask while it holds, server/db/catalog-changes.ts). */
  checkedAt: number | null = null;
  private valueIds = new Map<string, number>();
  readonly valueKeys: string[] = [];
  private flatIndex: FlatIndex | null = null;
  private readonly folds = new SignatureFolds();
  /**
   * Each product's ordinal stays while the process runs (a changed product takes its old place; a removed one leaves
   * a hole, until holes are a quarter of the places and the places are dealt again), so a rebuild after a change
   * does not rebuild the id → ordinal map of a million products.
   */
  private slots: Array<IndexedProduct | null> = [];
  private slotOf = new Map<string, number>();
  private holes = 0;

  valueId(key: string): number {
    let id = this.valueIds.get(key);
    if (id === undefined) {
      id = this.valueKeys.length;
      this.valueIds.set(key, id);
      this.valueKeys.push(key);
    }
    return id;
  }

  knownValueId(key: string): number | undefined {
    return this.valueIds.get(key);
  }

  /** The flat arrays of the counting pass (rebuilt on the first count after a change). */
  flat(): FlatIndex {
    if (this.holes > this.slots.length / 4) {
      this.slots = [...this.products.values()];
      // A new map: flat arrays built before keep theirs.
      this.slotOf = new Map(this.slots.map((p, n) => [p!.id, n]));
      this.holes = 0;
    }
    this.flatIndex ??= flatten(this.slots, this.slotOf, this.products.size, this.folds);
    return this.flatIndex;
  }

  replace(productIds: Iterable<string>, rows: VariantRow[]) {
    for (const id of productIds) {
      if (!this.products.delete(id)) continue;
      this.slots[this.slotOf.get(id)!] = null;
      this.holes += 1;
    }
    for (const row of rows) this.add(row);
    this.flatIndex = null;
    this.generation += 1;
  }

  add([, productId, price, inStock, onSale, facets, categories, sortPrice = null]: VariantRow) {
    let product = this.products.get(productId);
    if (!product) {
      product = { id: productId, categories, variants: [], sortPrice };
      this.products.set(productId, product);
      const slot = this.slotOf.get(productId);
      if (slot === undefined) {
        this.slotOf.set(productId, this.slots.length);
        this.slots.push(product);
      } else {
        this.slots[slot] = product;
        this.holes -= 1;
      }
    }
    const bucket = PRICE_BUCKETS.findIndex((b) => price >= (b.min ?? 0) && price <= (b.max ?? Number.MAX_SAFE_INTEGER));
    const keys = [...facets, priceBucketKey(bucket), ...(inStock ? [IN_STOCK] : []), ...(onSale ? [ON_SALE] : [])];
    product.variants.push({ price, values: Int32Array.from(keys, (k) => this.valueId(k)) });
    product.sig = undefined;
    this.flatIndex = null;
  }
}

/** variant id, product id, price in cents, in stock, on sale, option facets, category ids, the product's displayed price. */
type VariantRow = [string, string, number, boolean, boolean, string[], string[], (number | null)?];
type RawRow = {
  variant_id: string;
  product_id: string;
  price_cents: number;
  in_stock: boolean;
  on_sale: boolean;
  facets: unknown;
  category_ids: unknown;
  sort_price: number | null;
};

/** node-postgres parses text[]; a driver handing back the literal `{a,b}` is parsed here (keys hold no commas or quotes). */
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  const text = String(value ?? "{}");
  return text === "{}" ? [] : text.slice(1, -1).split(",");
}

function toRow(r: RawRow): VariantRow {
  const sortPrice = r.sort_price === null || r.sort_price === undefined ? null : Number(r.sort_price);
  return [r.variant_id, r.product_id, Number(r.price_cents), r.in_stock === true, r.on_sale === true, textArray(r.facets), textArray(r.category_ids), sortPrice];
}

// The displayed price comes along (its changes stamp the same feed, drizzle/0050).
const columns = sql`lv.variant_id, lv.product_id, lv.price_cents, lv.in_stock, lv.on_sale, lv.facets, lv.category_ids, s.price_cents AS sort_price`;
const withStats = sql`LEFT JOIN product_facet_stats s ON s.product_id = lv.product_id`;

/**
 * What a statement's snapshot could not see: transactions from `xmax` on, and those still running (`xip`). Rows
 * they write are exactly the ones a later sync must fetch; everything else was visible to the read.
 */
export type SnapshotEdge = { xmax: number; xip: number[] };
const snapshotSql = sql`(SELECT pg_snapshot_xmax(pg_current_snapshot())::text) AS xmax,
  (SELECT coalesce(json_agg(x::text), '[]'::json) FROM pg_snapshot_xip(pg_current_snapshot()) AS x) AS xip`;
type SnapshotColumns = { xmax: string; xip: unknown };

function edgeOf(row: SnapshotColumns | undefined, fallback: SnapshotEdge): SnapshotEdge {
  if (!row) return fallback;
  const xip = typeof row.xip === "string" ? (JSON.parse(row.xip) as string[]) : (row.xip as string[]);
  return { xmax: Number(row.xmax), xip: xip.map(Number) };
}

async function loadAll(db: Db): Promise<FacetIndex> {
  const index = new FacetIndex();
  index.checkedAt = catalogChangeMark(db);
  // One statement: the rows and the snapshot's edge come from the same snapshot.
  const rows = await queryRows<RawRow & SnapshotColumns>(db, sql`SELECT ${snapshotSql}, ${columns} FROM (SELECT 1) one LEFT JOIN (listed_variants lv ${withStats}) ON true`);
  index.edge = edgeOf(rows[0], index.edge);
  for (const r of rows) if (r.variant_id !== null) index.add(toRow(r));
  return index;
}

/**
 * Products written by transactions a read with this edge could not see, and the edge of this read: an index range and
 * a short list, as two index scans (an OR of both in one condition, or an IN over a set-returning function, read the
 * whole table: ~25 ms at 100k products on every listing call, docs/performance.md). Also the change feed of a search's
 * kept matches (search-matches.ts).
 */
export async function changedSince(db: Db, edge: SnapshotEdge): Promise<{ ids: string[]; edge: SnapshotEdge }> {
  const { xmax, xip } = edge;
  const changes = await queryRows<SnapshotColumns & { product_id: string | null }>(
    db,
    sql`SELECT ${snapshotSql}, c.product_id FROM (SELECT 1) one
        LEFT JOIN (SELECT cv.product_id FROM catalog_facet_versions cv WHERE cv.txid >= ${xmax}
          UNION SELECT cv.product_id FROM catalog_facet_versions cv WHERE cv.txid = ANY(${`{${xip.join(",")}}`}::bigint[])) c ON true`,
  );
  return { ids: changes.flatMap((c) => (c.product_id ? [c.product_id] : [])), edge: edgeOf(changes[0], edge) };
}

/** The edge of a snapshot taken now (a reader that loads everything after it starts its changes there). */
export async function currentEdge(db: Db): Promise<SnapshotEdge> {
  const rows = await queryRows<SnapshotColumns>(db, sql`SELECT ${snapshotSql}`);
  return edgeOf(rows[0], { xmax: 0, xip: [] });
}

async function applyChanges(db: Db, index: FacetIndex): Promise<void> {
  if (unchangedSince(db, index.checkedAt)) return;
  const mark = catalogChangeMark(db);
  const { ids, edge } = await changedSince(db, index.edge);
  if (ids.length > 0) {
    const rows = await queryRows<RawRow>(
      db,
      sql`SELECT ${columns} FROM listed_variants lv ${withStats} WHERE lv.product_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
    );
    index.replace(ids, rows.map(toRow));
  }
  index.edge = edge;
  index.checkedAt = mark;
}

type Entry = { index: Promise<FacetIndex>; syncing: Promise<FacetIndex> | null };
// On globalThis: Next evaluates server modules more than once (routes, instrumentation), and one copy per database
// is the point.
type GlobalWithIndexes = typeof globalThis & { __vitrinaFacetIndexes?: WeakMap<Db, Entry> };
const holder = globalThis as GlobalWithIndexes;
const indexes = (holder.__vitrinaFacetIndexes ??= new WeakMap<Db, Entry>());

/** Whether this process has loaded the database's index (the watcher only keeps a loaded one fresh). */
export function isFacetIndexLoaded(db: Db): boolean {
  return indexes.has(db);
}

/**
 * The database's facet index, brought up to date (loaded on first use). Concurrent callers share one load and one
 * sync; a failed first load is forgotten so the next call tries again.
 */
export function syncFacetIndex(db: Db): Promise<FacetIndex> {
  const entry = indexes.get(db);
  if (!entry) {
    const index = loadAll(db);
    indexes.set(db, { index, syncing: index });
    index.then(
      () => {
        const e = indexes.get(db);
        if (e) e.syncing = null;
      },
      () => indexes.delete(db),
    );
    return index;
  }
  if (entry.syncing) return entry.syncing;
  const syncing = entry.index.then(async (index) => {
    await applyChanges(db, index);
    return index;
  });
  entry.syncing = syncing;
  const done = () => {
    if (entry.syncing === syncing) entry.syncing = null;
  };
  syncing.then(done, done);
  return syncing;
}

/**
 * Brings the index up to date and tells whether anything changed since the last call (a checkout took a variant's
 * last unit, a cancel gave it back, …). The first call loads it (nothing cached can depend on it before), so a
 * server's first filtered page does not wait for the load.
 */
export async function pollFacetIndex(db: Db): Promise<boolean> {
  if (!isFacetIndexLoaded(db)) {
    await syncFacetIndex(db);
    return false;
  }
  const before = (await indexes.get(db)!.index).generation;
  const index = await syncFacetIndex(db);
  return index.generation !== before;
}
