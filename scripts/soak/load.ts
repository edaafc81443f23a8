import Papa from "papaparse";
import type { Instance } from "./instances";
import type { Recorder, RouteKind } from "./stats";
import { uploadPng, type Catalog } from "./setup";

/*
 * The mixed load: `workers` loops, each picking a weighted action, spread over the instances in the pool the way a
 * round-robin load balancer would. Every request is timed and recorded by route kind; a 5xx or a network error is an
 * error, a 4xx the scenario does not expect is reported too (Recorder.unexpected).
 */

export type Shopper = { cookie: string; address: string };
export type LoadContext = {
  instances: Instance[];
  catalog: Catalog;
  shoppers: Shopper[];
  adminCookie: string;
  recorder: Recorder;
  /** Outcomes of checkouts and payments (reserved, out_of_stock, paid, abandoned, double-paid…). */
  outcomes: Map<string, number>;
  uploadedImages: string[];
};

const address = { firstName: "Marta", lastName: "Ruiz", phone: "+34 600 000 000", address: "Calle Mayor 1", city: "Madrid", state: "", zipCode: "28001", country: "ES" };
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const count = (ctx: LoadContext, outcome: string) => void ctx.outcomes.set(outcome, (ctx.outcomes.get(outcome) ?? 0) + 1);

let turn = 0;
/** Round robin over the instances in the pool; during a restart, the one that is up takes everything. */
function balance(ctx: LoadContext): Instance {
  const up = ctx.instances.filter((i) => i.inPool);
  return up[turn++ % up.length] ?? ctx.instances[0];
}

type Call = { kind: RouteKind; path: string; init?: RequestInit; cookie?: string; client?: string; allowed?: (status: number) => boolean; on?: Instance };

/** One timed request: the answer and its body (read in full, so the time includes it), or null after a network error. */
async function call(ctx: LoadContext, c: Call): Promise<{ status: number; body: string; headers: Headers; instance: Instance } | null> {
  const instance = c.on ?? balance(ctx);
  const started = Date.now();
  const headers = new Headers(c.init?.headers);
  if (c.cookie) headers.set("cookie", c.cookie);
  headers.set("x-forwarded-for", c.client ?? "10.79.0.1");
  instance.inFlight += 1;
  try {
    const response = await fetch(`${instance.baseURL}${c.path}`, { redirect: "manual", ...c.init, headers, signal: AbortSignal.timeout(30_000) });
    const body = await response.text();
    ctx.recorder.record(c.kind, { at: started, ms: Date.now() - started, status: response.status, instance: instance.name });
    const allowed = c.allowed ?? ((s: number) => s < 400);
    if (response.status < 500 && !allowed(response.status)) ctx.recorder.noteUnexpected(c.kind, response.status, `${c.path}: ${body.slice(0, 160)}`);
    if (response.status >= 500) ctx.recorder.noteUnexpected(c.kind, response.status, `${instance.name} ${c.path}: ${body.slice(0, 160)}`);
    return { status: response.status, body, headers: response.headers, instance };
  } catch (error) {
    ctx.recorder.record(c.kind, { at: started, ms: Date.now() - started, status: "network", instance: instance.name });
    ctx.recorder.noteUnexpected(c.kind, "network", `${instance.name} ${c.path}: ${String((error as Error).message)}`);
    return null;
  } finally {
    instance.inFlight -= 1;
  }
}

const lang = () => pick(["en", "es"]);

async function browseAnonymously(ctx: LoadContext) {
  const { productIds, categorySlugs } = ctx.catalog;
  const path = pick([`/${lang()}`, `/${lang()}/store`, `/${lang()}/product/${pick(productIds)}`, `/${lang()}/category/${pick(categorySlugs)}`, `/${lang()}/categories`]);
  await call(ctx, { kind: "page (anonymous)", path });
}

async function browseSignedIn(ctx: LoadContext) {
  const shopper = pick(ctx.shoppers);
  const path = pick([`/${lang()}/profile`, `/${lang()}/store`, `/${lang()}/product/${pick(ctx.catalog.productIds)}`]);
  await call(ctx, { kind: "page (signed in)", path, cookie: shopper.cookie, client: shopper.address });
}

async function searchAndFilter(ctx: LoadContext) {
  const { searchWords, categorySlugs } = ctx.catalog;
  const path = pick([
    `/${lang()}/search?q=${encodeURIComponent(pick(searchWords))}`,
    `/${lang()}/store?size=42&price=5000-9999&sort=price_asc`,
    `/${lang()}/store?in_stock=1&sort=${pick(["newest", "price_desc", "bestselling"])}&page=${pick([1, 2])}`,
    `/${lang()}/category/${pick(categorySlugs)}?sort=price_desc&on_sale=${pick([0, 1])}`,
  ]);
  await call(ctx, { kind: "search + filters", path });
}

async function storeApi(ctx: LoadContext) {
  const path = pick([
    `/api/store/main/products?limit=12&offset=${pick([0, 12, 24])}`,
    `/api/store/main/products/${pick(ctx.catalog.productIds)}`,
    `/api/store/main/variants?product_ids[]=${encodeURIComponent(pick(ctx.catalog.pool).productId)}`,
  ]);
  await call(ctx, { kind: "store API", path });
}

async function images(ctx: LoadContext) {
  const url = pick([...ctx.catalog.imageUrls, ...ctx.uploadedImages.slice(-10)]);
  if (!url) return;
  // Widths the optimizer allows (next.config.ts imageSizes and deviceSizes): any other answers 400. The storefront's
  // short form /i/{width}/… (rewritten to /_next/image, decisions/0180).
  const path = Math.random() < 0.5 ? url : `/i/${pick([128, 384, 640, 1080])}${url}`;
  await call(ctx, { kind: "image", path });
}

/** Checkout of one or two pool variants; then paid (most), paid twice at once on both instances (some) or abandoned. */
async function checkoutAndPay(ctx: LoadContext) {
  const shopper = pick(ctx.shoppers);
  const { pool } = ctx.catalog;
  const items = [{ variant_id: pick(pool).variantId, quantity: pick([1, 1, 2]) }];
  const other = pick(pool).variantId;
  if (Math.random() < 0.3 && other !== items[0].variant_id) items.push({ variant_id: other, quantity: 1 });
  const on = balance(ctx);
  const checkout = await call(ctx, {
    kind: "checkout",
    path: "/api/store/main/checkout",
    on,
    cookie: shopper.cookie,
    client: shopper.address,
    init: { method: "POST", headers: { "content-type": "application/json", origin: on.baseURL }, body: JSON.stringify({ items, successUrl: `${on.baseURL}/success`, cancelUrl: `${on.baseURL}/store`, locale: lang() }) },
    // Refusals the scenario provokes: sold out (the scarce variant), too many unpaid orders for one shopper.
    allowed: (s) => s < 400 || s === 409 || s === 429,
  });
  if (!checkout) return;
  if (checkout.status !== 200) {
    count(ctx, `checkout refused: ${safeJson(checkout.body)?.error?.code ?? checkout.status}`);
    return;
  }
  count(ctx, "checkout reserved");
  const roll = Math.random();
  if (roll < 0.2) return count(ctx, "abandoned (left to expire)");
  const payUrl = safeJson(checkout.body)?.url as string;
  const sessionId = decodeURIComponent(new URL(payUrl).pathname.split("/").pop()!);
  const pay = (instance: Instance) =>
    call(ctx, {
      kind: "payment",
      path: `/api/payments/demo/${encodeURIComponent(sessionId)}/pay`,
      on: instance,
      cookie: shopper.cookie,
      client: shopper.address,
      init: { method: "POST", headers: { origin: instance.baseURL, referer: payUrl, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(address).toString() },
      // 303 to the success page (or to the order page when it was already paid).
      allowed: (s) => s === 303,
    });
  const up = ctx.instances.filter((i) => i.inPool);
  if (roll < 0.3 && up.length > 1) {
    await Promise.all(up.map(pay));
    count(ctx, "paid twice at once (double click)");
  } else {
    const answer = await pay(balance(ctx));
    count(ctx, answer?.status === 303 ? "paid" : "payment failed");
  }
}

async function admin(ctx: LoadContext) {
  const roll = Math.random();
  if (roll < 0.5) {
    await call(ctx, { kind: "admin", path: pick(["/en/admin/products", "/en/admin/orders", "/en/admin"]), cookie: ctx.adminCookie, client: "10.78.0.1" });
  } else if (roll < 0.85) {
    await renameThroughCsv(ctx);
  } else {
    const png = await uploadPng(Math.floor(Math.random() * 1e6));
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "soak.png");
    const on = balance(ctx);
    const answer = await call(ctx, { kind: "admin", path: "/api/admin/product-images", on, cookie: ctx.adminCookie, client: "10.78.0.1", init: { method: "POST", body: form, headers: { origin: on.baseURL } } });
    const url = answer?.status === 201 ? (safeJson(answer.body)?.url as string | undefined) : undefined;
    if (url) ctx.uploadedImages.push(url);
  }
}

/** An admin save: the catalog CSV's product rows for one product, renamed, applied (stock columns left out). */
async function renameThroughCsv(ctx: LoadContext) {
  const handle = pick(ctx.catalog.adminHandles);
  const exported = await call(ctx, { kind: "admin", path: "/api/admin/catalog.csv", cookie: ctx.adminCookie, client: "10.78.0.1" });
  if (!exported || exported.status !== 200) return;
  const rows = Papa.parse<Record<string, string>>(exported.body, { header: true, skipEmptyLines: true }).data.filter((r) => r.handle === handle);
  if (rows.length === 0) return;
  const title = `${rows[0].title_en.replace(/ · soak \w+$/, "")} · soak ${Date.now().toString(36)}`;
  const csv = Papa.unparse(rows.map((r) => ({ handle: r.handle, title_en: title, sku: r.sku, price: r.price })));
  const on = balance(ctx);
  const applied = await call(ctx, {
    kind: "admin",
    path: "/api/admin/catalog.csv?mode=apply&locale=en",
    on,
    cookie: ctx.adminCookie,
    client: "10.78.0.1",
    init: { method: "POST", body: csv, headers: { origin: on.baseURL, "content-type": "text/csv" } },
  });
  count(ctx, applied?.body.includes('"mode":"apply"') ? "admin CSV save applied" : "admin CSV save not applied");
}

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const ACTIONS: Array<[number, (ctx: LoadContext) => Promise<void>]> = [
  [30, browseAnonymously],
  [14, browseSignedIn],
  [14, searchAndFilter],
  [10, storeApi],
  [10, images],
  [16, checkoutAndPay],
  [6, admin],
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, [w]) => sum + w, 0);

/** Runs `workers` loops until `until()` says stop or `maxRequests` were made. */
export async function runLoad(ctx: LoadContext, options: { workers: number; until: () => boolean; maxRequests: number }) {
  const worker = async () => {
    while (!options.until() && ctx.recorder.total() < options.maxRequests) {
      let roll = Math.random() * TOTAL_WEIGHT;
      const action = ACTIONS.find(([w]) => (roll -= w) < 0)?.[1] ?? browseAnonymously;
      await action(ctx);
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
}
