import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request, test } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { startLocalS3, type LocalS3 } from "../helpers/local-s3";
import { dropDatabase, recreateDatabase } from "../helpers/server-database";
import { startShopServer, type ShopServer } from "./shop-server";

/*
 * Scale-out: two Vitrina instances on different ports share one PostgreSQL database, as behind a load
 * balancer (docs/operations.md). Sessions made on one work on the other, an admin save on one shows on the other's
 * storefront at once (shared cache invalidation over LISTEN/NOTIFY), and a checkout storm spread over both cannot
 * sell a unit twice. No shared disk: each instance has its own DATA_DIR and uploads go to one
 * S3-compatible bucket (s3rver on 127.0.0.1), so an image uploaded through one shows on the other.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
test.skip(!serverUrl, "needs a PostgreSQL server (TEST_DATABASE_URL)");
test.describe.configure({ mode: "serial" });

const basePort = Number(process.env.E2E_PORT ?? 3100) + 150;
const databaseName = `vitrina_scaleout_${basePort}`;
const admin = { email: "scale.admin@example.com", password: "scale-admin-password-1", name: "Scale Admin" };
const address = { firstName: "Marta", lastName: "Ruiz", phone: "+34 600 000 000", address: "Calle Mayor 1", city: "Madrid", state: "", zipCode: "28001", country: "ES" };

let one: ShopServer;
let two: ShopServer;
let databaseUrl: string;
let dirs: string[] = [];
let s3: LocalS3;

async function shopQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(420_000);
  databaseUrl = await recreateDatabase(serverUrl!, databaseName);
  // What docs/operations.md asks of every instance: one DATABASE_URL, one AUTH_SECRET, one bucket; DATA_DIR is local.
  s3 = await startLocalS3({ port: basePort + 2 });
  dirs = [mkdtempSync(path.join(tmpdir(), "vitrina-scale-out-a-")), mkdtempSync(path.join(tmpdir(), "vitrina-scale-out-b-"))];
  const env = {
    ...s3.env,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "scale-out-test-secret-0123456789abcdef",
    // Each simulated buyer signs up from its own address (sign-up is rate-limited per client).
    TRUSTED_PROXY: "true",
    // 20 buyers make 1,000 checkouts in seconds: this measures stock under concurrency, not the checkout rate limits.
    CHECKOUT_RATE_LIMIT_ACCOUNT: "100000",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ADMIN_NAME: admin.name,
  };
  // One after the other, as the runbook says: the first applies the migrations and seeds the demo shop.
  one = await startShopServer({ port: basePort, env: { ...env, DATA_DIR: dirs[0] } });
  two = await startShopServer({ port: basePort + 1, env: { ...env, DATA_DIR: dirs[1] } });
});

test.afterAll(async () => {
  await one?.stop();
  await two?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await s3?.stop();
  await dropDatabase(serverUrl, databaseName).catch(() => undefined);
});

test("a session made on one instance is valid on the other", async ({ page }) => {
  const signIn = await page.request.post(`${one.baseURL}/api/auth/sign-in/email`, {
    data: { email: admin.email, password: admin.password },
    headers: { origin: one.baseURL },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);

  const session = await page.request.get(`${two.baseURL}/api/auth/get-session`);
  expect((await session.json())?.user?.email).toBe(admin.email);
  await page.goto(`${two.baseURL}/admin/products`);
  await expect(page.getByRole("link", { name: "Add product" })).toBeVisible();

  // Signing out on the second instance ends the session on the first too.
  const signOut = await page.request.post(`${two.baseURL}/api/auth/sign-out`, { headers: { origin: two.baseURL }, data: {} });
  expect(signOut.status()).toBe(200);
  expect(await (await page.request.get(`${one.baseURL}/api/auth/get-session`)).json()).toBeNull();
});

test("an admin save on one instance shows at once on the other instance's cached storefront and API", async ({ page }) => {
  const visitor = await request.newContext();
  const { products } = await (await visitor.get(`${two.baseURL}/api/store/main/products?limit=1`)).json();
  const product = products[0] as { id: string; title: string };
  const productPage = `${two.baseURL}/product/${product.id}`;
  // Until the second instance answers from its front cache (the first answer also sets the language cookie, which
  // is part of the cache key, so it takes three visits).
  await expect.poll(async () => (await visitor.get(productPage)).headers()["x-vitrina-cache"]).toBe("hit");
  expect(await (await visitor.get(productPage)).text()).toContain(product.title);

  const renamed = `${product.title} Scale ${Date.now().toString(36)}`;
  const signIn = await page.request.post(`${one.baseURL}/api/auth/sign-in/email`, {
    data: { email: admin.email, password: admin.password },
    headers: { origin: one.baseURL },
  });
  expect(signIn.status()).toBe(200);
  await page.goto(`${one.baseURL}/admin/products/${product.id}`);
  await page.locator("#product-title-en").fill(renamed);
  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(page.getByTestId("toast")).toContainText("Product updated successfully.");

  await expect.poll(async () => (await visitor.get(productPage)).text(), { timeout: 15_000 }).toContain(renamed);
  const api = await (await visitor.get(`${two.baseURL}/api/store/main/products/${product.id}`)).json();
  expect(api.product?.title ?? api.title).toBe(renamed);
  await visitor.dispose();
});

test("an image uploaded through one instance's admin shows on the other's storefront (no shared disk)", async ({ page }) => {
  const visitor = await request.newContext();
  const { products } = await (await visitor.get(`${two.baseURL}/api/store/main/products?limit=2`)).json();
  const product = products[1] as { id: string };
  const signIn = await page.request.post(`${one.baseURL}/api/auth/sign-in/email`, {
    data: { email: admin.email, password: admin.password },
    headers: { origin: one.baseURL },
  });
  expect(signIn.status()).toBe(200);
  await page.goto(`${one.baseURL}/admin/products/${product.id}`);
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
  const before = await page.getByTestId("product-image").count();
  await page.locator("#product-image-upload").setInputFiles({ name: "scale.png", mimeType: "image/png", buffer: png });
  await expect(page.getByTestId("product-image")).toHaveCount(before + 1);
  const imageUrl = ((await page.getByTestId("product-image").last().locator("span").textContent()) ?? "").trim();
  expect(imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.webp$/);
  await page.getByRole("button", { name: "Save product" }).first().click();
  await expect(page.getByTestId("toast")).toContainText("Product updated successfully.");

  // Demo art is rendered into each instance's own DATA_DIR at start-up, also by the instance that found the shared
  // database already seeded.
  const [demo] = await shopQuery<{ url: string }>(`select url from product_images where url like '/uploads/demo/%' order by url limit 1`);
  expect((await visitor.get(`${two.baseURL}${demo.url}`)).status()).toBe(200);
  // The other instance never saw the file on its disk; it reads it from the bucket, with a long-lived cache.
  const served = await visitor.get(`${two.baseURL}${imageUrl}`);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toContain("immutable");
  // And its storefront shows it, through the image optimizer.
  await page.goto(`${two.baseURL}/product/${product.id}`);
  const name = imageUrl.split("/").pop()!.replace(".webp", "");
  const gallery = page.locator(`img[src*="${name}"]`);
  await expect.poll(async () => gallery.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const src = await gallery.first().getAttribute("src");
  const optimized = await visitor.get(new URL(src!, two.baseURL).toString());
  expect(optimized.status()).toBe(200);
  expect(optimized.headers()["content-type"]).toMatch(/^image\//);
  await visitor.dispose();
});

// Plain fetch, not a Playwright request context: twenty buyers must not share one cookie jar.
async function signUpBuyer(baseURL: string, index: number): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL, "x-forwarded-for": `10.88.${index}.7` },
    body: JSON.stringify({ name: `Scale Buyer ${index}`, email: `scale.buyer.${Date.now().toString(36)}.${index}@example.com`, password: "scale-buyer-password-1" }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response
    .headers.getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

test("1,000 checkouts spread over both instances for 30 units sell 30 at most, each paid once, stock adding up", async () => {
  test.setTimeout(300_000);
  const [scarce] = await shopQuery<{ id: string; product_id: string }>(
    `select v.id, v.product_id from variants v join products p on p.id = v.product_id
      where v.manage_inventory and p.status = 'published' and not p.is_hidden and p.deleted_at is null and p.purchasable
      order by v.id limit 1`,
  );
  const initialStock = 30;
  await shopQuery(`update variants set stock = $1 where id = $2`, [initialStock, scarce.id]);

  const instances = [one.baseURL, two.baseURL];
  const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => signUpBuyer(instances[i % 2], i)));

  const outcomes = new Map<string, number>();
  const payments: Array<{ status: number; location: string }> = [];
  let attempt = 0;
  await Promise.all(
    buyers.map(async (cookie) => {
      while (attempt < 1000) {
        const n = attempt++;
        const baseURL = instances[n % 2];
        const response = await fetch(`${baseURL}/api/store/main/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: baseURL, cookie },
          body: JSON.stringify({ items: [{ variant_id: scarce.id, quantity: 1 }], successUrl: `${baseURL}/success`, cancelUrl: `${baseURL}/store`, locale: "en" }),
        });
        const body = await response.json().catch(() => ({}));
        const outcome = response.ok ? "reserved" : (body?.error?.code ?? `http_${response.status}`);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        if (response.ok) {
          const sessionId = decodeURIComponent(new URL(body.url).pathname.split("/").pop()!);
          // Paid at once (a buyer's next checkout of the same cart would release an unpaid one, docs/product.md#checkout-limits),
          // on the other instance than the one that reserved.
          const payOn = instances[(n + 1) % 2];
          const pay = await fetch(`${payOn}/api/payments/demo/${encodeURIComponent(sessionId)}/pay`, {
            method: "POST",
            redirect: "manual",
            headers: { origin: payOn, cookie, referer: body.url, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(address).toString(),
          });
          payments.push({ status: pay.status, location: pay.headers.get("location") ?? "" });
        }
      }
    }),
  );

  // Every attempt either reserved a unit or was told the truth: out of stock. No server errors.
  expect(Object.fromEntries(outcomes)).toEqual({ reserved: initialStock, out_of_stock: 1000 - initialStock });

  expect(payments).toHaveLength(initialStock);
  for (const pay of payments) {
    expect(pay.status).toBe(303);
    expect(pay.location).not.toContain("/pay/");
  }

  const [{ stock }] = await shopQuery<{ stock: number }>(`select stock from variants where id = $1`, [scarce.id]);
  const [{ sold, orders }] = await shopQuery<{ sold: string; orders: string }>(
    `select coalesce(sum(l.quantity), 0) as sold, count(distinct o.id) as orders
       from order_lines l join orders o on o.id = l.order_id where l.variant_id = $1 and o.status = 'completed'`,
    [scarce.id],
  );
  expect({ paidOrders: Number(orders), unitsSold: Number(sold), stockLeft: stock }).toEqual({ paidOrders: initialStock, unitsSold: initialStock, stockLeft: 0 });

  // The storefront of both instances agrees: sold out.
  for (const baseURL of instances) {
    const live = await (await fetch(`${baseURL}/api/store/main/variants?product_ids[]=${encodeURIComponent(scarce.product_id)}`)).json();
    expect(live.variants.find((v: { id: string }) => v.id === scarce.id)?.inventory_quantity).toBe(0);
  }
});
