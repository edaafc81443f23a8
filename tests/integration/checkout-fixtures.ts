import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { user } from "@/server/db/schema/auth";
import { products, variants } from "@/server/db/schema/catalog";
import { orders } from "@/server/db/schema/orders";
import { queryRows } from "@/server/db/rows";
import { resetSettingsForTests } from "@/server/env";
import type { PaymentProvider } from "@/server/payments/provider";
import { createDemoProvider } from "@/server/payments/demo-provider";
import { expect } from "vitest";
import { CheckoutError } from "@/features/checkout/errors";
import { checkoutRefusalText } from "@/features/checkout/refusal-text";
import type { Locale } from "@/i18n/routing";
import { refusalStatus } from "@/server/http/responses";

/** Shared fixtures for the checkout, orders and payments integration tests. */

// Vitest sets BASE_URL="/" (Vite's base path), which is not a valid shop URL for settings(): give the shop one.
process.env.BASE_URL = "http://shop.test";
process.env.LOG_LEVEL = "silent";
resetSettingsForTests();

let counter = 0;
const unique = (prefix: string) => `${prefix}_${process.pid}_${++counter}`;

export async function insertUser(db: Db, email = `${unique("shopper")}@example.com`) {
  const id = unique("user");
  await db.insert(user).values({ id, name: "Test Shopper", email });
  return { id, email };
}

export async function insertProduct(
  db: Db,
  options: {
    priceCents?: number;
    salePriceCents?: number | null;
    stock?: number;
    manageInventory?: boolean;
    currency?: string;
    isHidden?: boolean;
    purchasable?: boolean;
    status?: "published" | "draft";
    deleted?: boolean;
  } = {},
) {
  const productId = unique("prod");
  const variantId = unique("var");
  await db.insert(products).values({
    id: productId,
    titleEn: `Leather Bag ${productId}`,
    titleEs: `Bolso de cuero ${productId}`,
    isHidden: options.isHidden ?? false,
    purchasable: options.purchasable ?? true,
    status: options.status ?? "published",
    deletedAt: options.deleted ? new Date() : null,
  });
  await db.insert(variants).values({
    id: variantId,
    productId,
    titleEn: "Black",
    titleEs: "Negro",
    priceCents: options.priceCents ?? 2500,
    salePriceCents: options.salePriceCents ?? null,
    currency: options.currency ?? "EUR",
    manageInventory: options.manageInventory ?? true,
    stock: options.stock ?? 10,
  });
  return { productId, variantId };
}

export async function stockOf(db: Db, variantId: string) {
  const [row] = await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId));
  return row.stock;
}

export async function orderCount(db: Db) {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders`);
  return rows[0].n;
}

export async function orderById(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function confirmationEmailsTo(db: Db, email: string) {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from mail_outbox where kind = 'order-confirmation' and to_address = ${email}`);
  return rows[0].n;
}

export const demoProvider = (): PaymentProvider => createDemoProvider({ baseUrl: "http://shop.test" });

/**
 * Makes every shipping method of the test database free, for tests whose amounts are about goods only. A fresh
 * database has the zone migration 0063 made from the defaults: standard shipping 4,95, free from 100,00.
 */
export async function shipFree(db: Db) {
  await db.execute(sql`update shipping_methods set rate_cents = 0, free_above_cents = null`);
}

export function checkoutInput(shopper: { id: string; email: string }, items: { variantId: string; quantity: unknown }[], locale = "en") {
  return {
    userId: shopper.id,
    email: shopper.email,
    locale: locale as "en" | "es",
    timeZone: "Europe/Madrid",
    items: items as { variantId: string; quantity: number }[],
    successUrl: "http://shop.test/success?from=cart",
    cancelUrl: "http://shop.test/",
  };
}

/**
 * What the caller of a refused checkout is told — the HTTP status, the code and the text in `locale`, as the drawer's
 * action and the API route answer them (fails the test when no CheckoutError is thrown).
 */
export async function refusal(promise: Promise<unknown>, locale: Locale = "en") {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CheckoutError);
  const refused = error as CheckoutError;
  return { code: refused.code, params: refused.params, status: refusalStatus(refused), message: checkoutRefusalText(locale, refused) };
}
