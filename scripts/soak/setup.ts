import pg from "pg";
import sharp from "sharp";
import type { Instance } from "./instances";
import { SOAK_ADMIN } from "./instances";

/*
 * What the load needs before it starts: the catalog it browses (read from the database the instances share), the
 * variants checkouts buy (their stock set to a known number, so "stock adds up" can be checked at the end), signed-up
 * shoppers and a signed-in admin, each a cookie header.
 */

export type Catalog = {
  productIds: string[];
  categorySlugs: string[];
  /** Demo and uploaded images, as /uploads/… URLs. */
  imageUrls: string[];
  searchWords: string[];
  /** Variants checkouts buy; `initialStock` is what they hold before the first checkout. */
  pool: Array<{ variantId: string; productId: string; initialStock: number }>;
  /** Handles (product ids) of products the admin renames through the catalog CSV (never in the checkout pool). */
  adminHandles: string[];
};

/** The scarce variant sells out during the run (so "out of stock" answers are part of the mix); the rest never do. */
const SCARCE_STOCK = 40;
const PLENTY_STOCK = 1_000_000;

export async function readCatalog(databaseUrl: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const visible = `p.status = 'published' and not p.is_hidden and p.deleted_at is null`;
    const products = await client.query<{ id: string; title: string }>(
      `select p.id, p.title_en as title from products p where ${visible} order by p.id`,
    );
    const pool = await client.query<{ variant_id: string; product_id: string }>(
      `select distinct on (v.product_id) v.id as variant_id, v.product_id from variants v join products p on p.id = v.product_id
        where ${visible} and p.purchasable and v.manage_inventory order by v.product_id, v.id limit 6`,
    );
    const poolIds = pool.rows.map((r, i) => ({ variantId: r.variant_id, productId: r.product_id, initialStock: i === 0 ? SCARCE_STOCK : PLENTY_STOCK }));
    for (const v of poolIds) await client.query(`update variants set stock = $1 where id = $2`, [v.initialStock, v.variantId]);
    const poolProducts = new Set(poolIds.map((v) => v.productId));
    const categories = await client.query<{ slug: string }>(`select slug from categories order by slug`);
    const images = await client.query<{ url: string }>(`select distinct url from product_images where url like '/uploads/%' order by url limit 20`);
    const words = [...new Set(products.rows.flatMap((p) => p.title.split(/\s+/)).filter((w) => /^[A-Za-z]{4,}$/.test(w)))].slice(0, 12);
    return {
      productIds: products.rows.map((p) => p.id),
      categorySlugs: categories.rows.map((c) => c.slug),
      imageUrls: images.rows.map((r) => r.url),
      searchWords: words.length ? words : ["shoe"],
      pool: poolIds,
      adminHandles: products.rows.filter((p) => !poolProducts.has(p.id)).slice(0, 3).map((p) => p.id),
    };
  } finally {
    await client.end();
  }
}

const cookieHeader = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** A new shopper account (signed up on `instance`, from its own address): its session cookie. */
export async function signUpShopper(instance: Instance, index: number, runId: string): Promise<{ cookie: string; address: string }> {
  const address = `10.77.${Math.floor(index / 200)}.${(index % 200) + 1}`;
  const response = await fetch(`${instance.baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: instance.baseURL, "x-forwarded-for": address },
    body: JSON.stringify({ name: `Soak Shopper ${index}`, email: `soak.${runId}.${index}@example.com`, password: "soak-shopper-password-1" }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed (${response.status}): ${await response.text()}`);
  return { cookie: cookieHeader(response), address };
}

export async function signInAdmin(instance: Instance): Promise<string> {
  const response = await fetch(`${instance.baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: instance.baseURL, "x-forwarded-for": "10.78.0.1" },
    body: JSON.stringify({ email: SOAK_ADMIN.email, password: SOAK_ADMIN.password }),
  });
  if (response.status !== 200) throw new Error(`admin sign-in failed (${response.status}): ${await response.text()}`);
  return cookieHeader(response);
}

/** A small PNG, different each time (the shop stores every upload under a new name). */
export function uploadPng(seed: number): Promise<Buffer> {
  const background = { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 };
  return sharp({ create: { width: 320, height: 240, channels: 3, background } }).png().toBuffer();
}
