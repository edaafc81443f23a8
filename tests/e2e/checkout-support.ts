import { expect, type APIRequestContext, type Page } from "@playwright/test";

/*
 * Helpers of the checkout and shipping specs. Carts are put into localStorage exactly as the storefront stores them
 * (key "cart"), built from the shop's own catalog API, so these specs do not depend on the product pages.
 */

export type CartLine = {
  productId: string;
  productTitle: string;
  variantId: string;
  variantTitle: string;
  imageUrl: string | null;
  unitPriceCents: number;
  currency: string;
  quantity: number;
};

type ApiVariant = {
  id: string;
  title: string;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  currency: string;
  manage_inventory: boolean;
  inventory_quantity: number;
};
type ApiProduct = { id: string; title: string; purchasable: boolean; variants: ApiVariant[] };

/** Purchasable variants with stock, each with the price the shop charges (the sale price when there is one). */
export async function catalogVariants(request: APIRequestContext) {
  const response = await request.get("/api/store/main/products?limit=100");
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: ApiProduct[] };
  return products
    .filter((p) => p.purchasable)
    .flatMap((p) =>
      p.variants
        .filter((v) => !v.manage_inventory || v.inventory_quantity >= 3)
        .map((v) => ({ product: p, variant: v, chargedCents: v.sale_price_in_cents ?? v.price_in_cents })),
    );
}

export function cartLine(entry: Awaited<ReturnType<typeof catalogVariants>>[number], quantity = 1): CartLine {
  return {
    productId: entry.product.id,
    productTitle: entry.product.title,
    variantId: entry.variant.id,
    variantTitle: entry.variant.title,
    imageUrl: null,
    unitPriceCents: entry.chargedCents,
    currency: entry.variant.currency.toUpperCase(),
    quantity,
  };
}

/** Puts a cart into localStorage as the storefront keeps it and reloads so the page reads it. */
export async function putCart(page: Page, lines: CartLine[]) {
  await page.evaluate((value) => window.localStorage.setItem("cart", JSON.stringify(value)), lines);
  await page.reload();
}

export const storedCart = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "[]") as CartLine[]);

/** A new customer, signed in through the same endpoint the dialog uses (the browser context keeps the cookie). */
export async function signUpCustomer(page: Page, label: string) {
  const email = `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Marta Ruiz", email, password: "checkout-pass-1" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok()).toBe(true);
  return email;
}

export const euros = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" }).format(cents / 100);

/**
 * The demo's home zone, Spain (src/server/db/seed/shipping-data.ts): standard shipping 4,95 €, free from 50,00 €. It
 * prices a cart before the destination is known and every order to the Spanish address below.
 */
export const flatRateCents = 495;
export const freeThresholdCents = 5000;
export const shippingFor = (subtotal: number) => (subtotal >= freeThresholdCents ? 0 : flatRateCents);

export async function openDrawer(page: Page) {
  await page.getByTestId("cart-button").click();
  const drawer = page.getByTestId("cart-drawer");
  await expect(drawer).toBeVisible();
  return drawer;
}

export const address = {
  firstName: "Marta",
  lastName: "Ruiz",
  phone: "+34 611 222 333",
  address: "Calle de Alcalá 42",
  city: "Madrid",
  state: "Madrid",
  zipCode: "28014",
  country: "ES",
};

/** Fills the demo payment page's shipping form (fields found by their labels' ids; the labels are checked in the specs). */
export async function fillAddress(page: Page, values: Partial<typeof address>) {
  const form = page.getByTestId("shipping-form");
  for (const [field, value] of Object.entries(values) as [keyof typeof address, string][]) {
    const input = form.locator(`#ship-${field}`);
    if (field === "country") await input.selectOption(value);
    else await input.fill(value);
  }
}

/** Proceed to Checkout (`label`, in the page's language) from the drawer as a signed-in shopper; answers once the demo payment page is shown. */
export async function checkoutToPaymentPage(page: Page, label = "Proceed to Checkout") {
  const drawer = await openDrawer(page);
  await drawer.getByRole("button", { name: label }).click();
  await page.waitForURL(/\/pay\/demo_/);
  await expect(page.getByTestId("payment-total")).toBeVisible();
}

/** Buys the lines through the storefront (drawer → demo payment page → address → Pay); answers the order id. */
export async function buy(page: Page, lines: CartLine[]) {
  await page.goto("/");
  await putCart(page, lines);
  await checkoutToPaymentPage(page);
  await fillAddress(page, address);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/success\?order_id=\d+/);
  return new URL(page.url()).searchParams.get("order_id")!;
}

/** Live stock of one variant through the public API the storefront uses. */
export async function stockOf(request: APIRequestContext, productId: string, variantId: string) {
  const response = await request.get(`/api/store/main/variants?fields=inventory_quantity&product_ids[]=${productId}`);
  expect(response.ok()).toBe(true);
  const { variants } = (await response.json()) as { variants: { id: string; inventory_quantity: number }[] };
  const variant = variants.find((v) => v.id === variantId);
  expect(variant, `${variantId} is in the stock answer`).toBeDefined();
  return variant!.inventory_quantity;
}
