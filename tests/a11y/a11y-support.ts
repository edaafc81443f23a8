import { readdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { e2eAdmin } from "../e2e/e2e-admin";

/*
 * Helpers of the accessibility suite: the list of every page the app has (checked against src/app so that a new
 * page cannot be left out), an axe-core check, and the ways to sign in as a customer or as the e2e administrator.
 */

export type Who = "visitor" | "customer" | "admin";

/** Values the routes need, found on the running shop (demo catalogue, an order made by the suite itself). */
export type RouteFixtures = { productId: string; categorySlug: string; orderId: string; paySessionId: string; adminProductId: string };

export type RouteCase = { name: string; path: (f: RouteFixtures) => string; who: Who };

/**
 * Every page.tsx under src/app/[locale], keyed by its file (relative to that folder), with the URLs that open it
 * (without the locale prefix) and who looks at them. A page file missing here fails the inventory test.
 */
export const pageRoutes: Record<string, RouteCase[]> = {
  "(store)/page.tsx": [{ name: "home", path: () => "/", who: "visitor" }],
  "(store)/store/page.tsx": [
    { name: "store", path: () => "/store", who: "visitor" },
    { name: "store page 2", path: () => "/store?page=2", who: "visitor" },
    { name: "store filtered and sorted", path: () => "/store?size=42&in_stock=1&sort=price_asc", who: "visitor" },
  ],
  "(store)/categories/page.tsx": [{ name: "categories", path: () => "/categories", who: "visitor" }],
  "(store)/category/[slug]/page.tsx": [{ name: "category", path: (f) => `/category/${f.categorySlug}`, who: "visitor" }],
  "(store)/product/[id]/page.tsx": [{ name: "product", path: (f) => `/product/${f.productId}`, who: "visitor" }],
  "(store)/search/page.tsx": [
    { name: "search results", path: () => "/search?q=leather", who: "visitor" },
    { name: "search without results", path: () => "/search?q=zzzzqqq", who: "visitor" },
  ],
  "(store)/about/page.tsx": [{ name: "about", path: () => "/about", who: "visitor" }],
  "(store)/contact/page.tsx": [{ name: "contact", path: () => "/contact", who: "visitor" }],
  "(store)/blog/page.tsx": [{ name: "blog", path: () => "/blog", who: "visitor" }],
  // The legal templates are drafts on a new shop: their address answers the 404 page until the owner publishes them.
  "(store)/page/[slug]/page.tsx": [{ name: "owner page (a draft: the 404 page)", path: () => "/page/privacy-policy", who: "visitor" }],
  "(store)/success/page.tsx": [
    { name: "success (visitor)", path: () => "/success", who: "visitor" },
    { name: "success (owner)", path: (f) => `/success?order_id=${f.orderId}`, who: "customer" },
  ],
  "(account)/profile/page.tsx": [{ name: "profile", path: () => "/profile", who: "customer" }],
  "(account)/reset-password/page.tsx": [
    { name: "reset password (token)", path: () => "/reset-password?token=abcdefghijklmnop", who: "visitor" },
    { name: "reset password (invalid link)", path: () => "/reset-password?error=INVALID_TOKEN", who: "visitor" },
  ],
  "pay/[sessionId]/page.tsx": [
    { name: "demo payment", path: (f) => `/pay/${f.paySessionId}`, who: "customer" },
    { name: "demo payment (signed out)", path: (f) => `/pay/${f.paySessionId}`, who: "visitor" },
  ],
  "[...rest]/page.tsx": [{ name: "not found", path: () => "/no-such-page", who: "visitor" }],
  "admin/page.tsx": [{ name: "admin", path: () => "/admin", who: "admin" }],
  "admin/[...rest]/page.tsx": [{ name: "admin unknown page", path: () => "/admin/no-such-page", who: "admin" }],
  "admin/dashboard/page.tsx": [{ name: "admin dashboard", path: () => "/admin/dashboard", who: "admin" }],
  "admin/audit/page.tsx": [{ name: "admin audit", path: () => "/admin/audit", who: "admin" }],
  "admin/catalog-csv/page.tsx": [{ name: "admin catalog CSV", path: () => "/admin/catalog-csv", who: "admin" }],
  "admin/categories/page.tsx": [{ name: "admin categories", path: () => "/admin/categories", who: "admin" }],
  "admin/footer/page.tsx": [{ name: "admin footer", path: () => "/admin/footer", who: "admin" }],
  "admin/homepage/page.tsx": [{ name: "admin homepage", path: () => "/admin/homepage", who: "admin" }],
  "admin/pages/page.tsx": [{ name: "admin pages", path: () => "/admin/pages", who: "admin" }],
  "admin/pages/new/page.tsx": [{ name: "admin new page", path: () => "/admin/pages/new", who: "admin" }],
  "admin/pages/[id]/page.tsx": [{ name: "admin page editor", path: () => "/admin/pages/page_about", who: "admin" }],
  "admin/orders/page.tsx": [{ name: "admin orders", path: () => "/admin/orders", who: "admin" }],
  "admin/orders/[id]/page.tsx": [{ name: "admin order", path: (f) => `/admin/orders/${f.orderId}`, who: "admin" }],
  "admin/orders/unpaid/page.tsx": [{ name: "admin unpaid checkouts", path: () => "/admin/orders/unpaid", who: "admin" }],
  "admin/customers/page.tsx": [{ name: "admin customers", path: () => "/admin/customers", who: "admin" }],
  "admin/customers/[key]/page.tsx": [{ name: "admin customer (unknown)", path: () => "/admin/customers/a_nobody", who: "admin" }],
  "admin/products/page.tsx": [{ name: "admin products", path: () => "/admin/products", who: "admin" }],
  "admin/products/new/page.tsx": [{ name: "admin new product", path: () => "/admin/products/new", who: "admin" }],
  "admin/products/[id]/page.tsx": [{ name: "admin product", path: (f) => `/admin/products/${f.adminProductId}`, who: "admin" }],
  "(account)/profile/orders/[id]/page.tsx": [{ name: "order page", path: (f) => `/profile/orders/${f.orderId}`, who: "customer" }],
  "(store)/orders/[id]/page.tsx": [{ name: "guest order page (link that opens nothing)", path: (f) => `/orders/${f.orderId}?token=1.1.abcdefghijklmnopqrstuv`, who: "visitor" }],
  "(store)/orders/lookup/page.tsx": [{ name: "order lookup", path: () => "/orders/lookup", who: "visitor" }],
  "(store)/stock-alerts/confirm/page.tsx": [{ name: "stock alert confirm", path: () => "/stock-alerts/confirm?token=abcdefghijklmnopqrstuv", who: "visitor" }],
  "(store)/stock-alerts/unsubscribe/page.tsx": [{ name: "stock alert unsubscribe", path: () => "/stock-alerts/unsubscribe?token=abcdefghijklmnopqrstuv", who: "visitor" }],
  "newsletter/confirm/page.tsx": [{ name: "newsletter confirm", path: () => "/newsletter/confirm?token=abcdefghijklmnopqrstuv", who: "visitor" }],
  "newsletter/unsubscribe/page.tsx": [{ name: "newsletter unsubscribe", path: () => "/newsletter/unsubscribe?token=abcdefghijklmnopqrstuv", who: "visitor" }],
  "reminders/opt-out/page.tsx": [{ name: "reminder opt-out", path: () => "/reminders/opt-out?token=abcdefghijklmnopqrstuv", who: "visitor" }],
  "admin/mail/page.tsx": [{ name: "admin mail", path: () => "/admin/mail", who: "admin" }],
  "admin/webhooks/page.tsx": [{ name: "admin webhooks", path: () => "/admin/webhooks", who: "admin" }],
  "admin/newsletter/page.tsx": [{ name: "admin newsletter", path: () => "/admin/newsletter", who: "admin" }],
  "admin/privacy/page.tsx": [{ name: "admin privacy", path: () => "/admin/privacy", who: "admin" }],
  "admin/promotions/page.tsx": [{ name: "admin promotions", path: () => "/admin/promotions", who: "admin" }],
  "admin/promotions/[id]/page.tsx": [{ name: "admin promotion (unknown id)", path: () => "/admin/promotions/999999", who: "admin" }],
  "admin/returns/page.tsx": [{ name: "admin returns", path: () => "/admin/returns", who: "admin" }],
  "admin/roles/page.tsx": [{ name: "admin roles", path: () => "/admin/roles", who: "admin" }],
  "admin/taxes/page.tsx": [{ name: "admin taxes", path: () => "/admin/taxes", who: "admin" }],
  "admin/settings/page.tsx": [{ name: "admin settings", path: () => "/admin/settings", who: "admin" }],
  "admin/shipping/page.tsx": [{ name: "admin shipping", path: () => "/admin/shipping", who: "admin" }],
  "admin/option-types/page.tsx": [{ name: "admin option types", path: () => "/admin/option-types", who: "admin" }],
  "admin/payments/page.tsx": [{ name: "admin payment methods", path: () => "/admin/payments", who: "admin" }],
};

/** page.tsx files of the app, relative to src/app/[locale]; any page outside that folder is listed with its full path. */
export function pageFiles(): string[] {
  // Playwright runs specs from the project root (import.meta is not available in its CommonJS transform).
  const appDir = path.resolve("src/app");
  const localeDir = path.join(appDir, "[locale]");
  return (readdirSync(appDir, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => {
      const full = path.join(appDir, file);
      return full.startsWith(localeDir + path.sep) ? path.relative(localeDir, full).split(path.sep).join("/") : `src/app/${file}`;
    })
    .sort();
}

export const withLocale = (locale: "en" | "es", pathname: string) => (locale === "en" ? pathname : pathname === "/" ? "/es" : `/es${pathname}`);

/**
 * axe-core with every rule it runs by default plus the WCAG 2.2 target size. Serious and critical findings fail,
 * and so do the ones Lighthouse's accessibility score counts that axe rates lower (heading order, target size).
 */
const alwaysFail = new Set(["heading-order", "target-size", "image-alt", "label", "link-name", "button-name"]);

export async function expectNoAxeViolations(page: Page, label: string, include?: string) {
  // axe.run in the page itself (legacy mode) instead of a run per frame finished in a second, blank tab, and details
  // only for violations (what is asserted): the same rules on the same nodes, in about half the time on big pages.
  // The walk's pages have no cross-origin frames, the one thing legacy mode leaves out.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"], rules: { "target-size": { enabled: true } } });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const failing = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || alwaysFail.has(v.id))
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} :: ${n.failureSummary?.split("\n").slice(1, 2).join(" ")}`),
    }));
  const minor = results.violations.filter((v) => !failing.some((f) => f.rule === v.id)).map((v) => `${v.id} (${v.impact})`);
  if (minor.length > 0) console.log(`axe minor on ${label}: ${minor.join(", ")}`);
  expect(failing, `axe on ${label}`).toEqual([]);
}

/** A new customer signed in through the auth API; the cookie lands in the page's browser context. */
export async function signInCustomer(page: Page, baseURL: string, label = "a11y") {
  const email = `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await page.request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { name: "Lucía Gómez", email, password: "a11y-pass-12345" },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

export async function signInAdmin(page: Page, baseURL: string) {
  const response = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: e2eAdmin.email, password: e2eAdmin.password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}
