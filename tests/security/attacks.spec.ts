import { expect, test, type Page, type Request as PwRequest } from "@playwright/test";
import { cartLine, catalogVariants, putCart, signUpCustomer } from "../e2e/checkout-support";

/**
 * Attacks against the real production server, where Next's own limits and checks run (server actions' Origin check
 * and body size limit) and our caps must hold without taking the server down. Protections: src/server/http/body.ts,
 * src/server/http/same-origin.ts, next.config.ts (serverActions.bodySizeLimit). Table: docs/security.md.
 */

const evil = "https://evil.example";
const twoMegabytes = JSON.stringify({ items: [{ variant_id: "x", quantity: 1 }], pad: "x".repeat(2 * 1024 * 1024) });
const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;

/** A signed-in shopper with one line in the cart; answers the server action the drawer calls to refresh prices. */
async function shopperWithCart(page: Page) {
  await page.goto("/");
  await signUpCustomer(page, "attacker");
  const [entry] = await catalogVariants(page.request);
  const action = page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"]));
  await putCart(page, [cartLine(entry, 1)]);
  return { entry, action: await action };
}

function checkoutBody(origin: string, variantId: string) {
  return { items: [{ variant_id: variantId, quantity: 1 }], successUrl: `${origin}/success`, cancelUrl: `${origin}/` };
}

/** The captured server action sent again with other headers or another body, as a script would. */
async function replay(page: Page, action: PwRequest, change: { headers?: Record<string, string>; body?: string }) {
  const headers = { ...(await action.allHeaders()), ...change.headers };
  for (const h of ["content-length", "host", "connection", "cookie"]) delete headers[h];
  return page.request.post(action.url(), { headers, data: change.body ?? action.postData() ?? "" });
}

test("attack: oversized body and deeply nested JSON — refused with 413/400 on checkout, sign-in and a server action; the server keeps serving", async ({ page, baseURL }) => {
  const { entry, action } = await shopperWithCart(page);
  const origin = new URL(baseURL!).origin;
  const headers = { origin, "content-type": "application/json" };

  expect((await page.request.post("/api/store/main/checkout", { headers, data: twoMegabytes })).status()).toBe(413);
  expect((await page.request.post("/api/auth/sign-in/email", { headers, data: twoMegabytes })).status()).toBe(413);
  expect((await page.request.post("/api/store/main/checkout", { headers, data: deep })).status()).toBe(400);
  expect((await page.request.post("/api/auth/sign-in/email", { headers, data: deep })).status()).toBe(400);
  const bigAction = await replay(page, action, { body: JSON.stringify([{ variantIds: ["x".repeat(2 * 1024 * 1024)], locale: "en" }]) });
  // Next refuses it before the action runs ("Body exceeded 1mb limit", status 413 internally) but answers a production
  // request with its generic error (500); either way nothing past the limit is read and no action result comes back.
  expect(bigAction.status()).toBe(413);
  expect(await bigAction.text()).not.toContain('"variantId"');

  // Still serving: health, a page, and a real checkout by the same shopper.
  expect((await page.request.get("/api/health")).status()).toBe(200);
  expect((await page.request.get("/store")).status()).toBe(200);
  const real = await page.request.post("/api/store/main/checkout", { headers, data: checkoutBody(origin, entry.variant.id) });
  expect(real.status()).toBe(200);
});

test("attack: CSRF — cross-site form posts to sign-out and checkout and a cross-site server action are refused and change nothing", async ({ page, baseURL }) => {
  const { entry, action } = await shopperWithCart(page);
  const origin = new URL(baseURL!).origin;
  const crossSite = { origin: evil, "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" };

  const signOut = await page.request.post("/api/auth/sign-out", { headers: crossSite, data: "" });
  expect(signOut.status()).toBe(403);
  const checkout = await page.request.post("/api/store/main/checkout", {
    headers: { ...crossSite, "content-type": "text/plain" },
    data: JSON.stringify(checkoutBody(origin, entry.variant.id)),
  });
  expect(checkout.status()).toBe(403);
  // Next compares a server action's Origin with the Host it reached and refuses a mismatch.
  const forgedAction = await replay(page, action, { headers: { origin: evil } });
  expect(forgedAction.ok()).toBe(false);
  expect(await forgedAction.text()).not.toContain(entry.variant.id);

  // Nothing changed: still signed in, and no order was made.
  const session = await page.request.get("/api/auth/get-session");
  expect(((await session.json()) as { user?: { email: string } } | null)?.user?.email).toMatch(/^attacker\./);
  await page.goto("/profile");
  await expect(page.getByTestId("order")).toHaveCount(0);
});

test("attack: IDOR — another customer's payment page is a 404 and their order number is not shown on /success", async ({ page, browser, baseURL }) => {
  const { entry } = await shopperWithCart(page);
  const origin = new URL(baseURL!).origin;
  const own = await page.request.post("/api/store/main/checkout", { headers: { origin }, data: checkoutBody(origin, entry.variant.id) });
  expect(own.status()).toBe(200);
  const payUrl = new URL(((await own.json()) as { url: string }).url);
  const orderId = payUrl.searchParams.get("order_id");
  expect((await page.goto(payUrl.pathname))?.status()).toBe(200);

  const strangerContext = await browser.newContext({ baseURL });
  const stranger = await strangerContext.newPage();
  await stranger.goto("/");
  await signUpCustomer(stranger, "stranger");
  expect((await stranger.goto(payUrl.pathname))?.status()).toBe(404);
  await stranger.goto(`/success?order_id=${orderId}`);
  await expect(stranger.getByTestId("success-order-number")).toHaveCount(0);
  const pay = await stranger.request.post(`${payUrl.pathname.replace(/^\/(en|es)\//, "/").replace(/^\/pay\//, "/api/payments/demo/")}/cancel`, { headers: { origin } });
  expect(pay.status()).toBe(404);
  await strangerContext.close();

  // The owner's order is untouched: the payment page still offers Pay.
  expect((await page.goto(payUrl.pathname))?.status()).toBe(200);
  await expect(page.getByTestId("payment-total")).toBeVisible();
});
