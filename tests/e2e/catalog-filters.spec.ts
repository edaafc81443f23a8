import { expect, test, type Page } from "@playwright/test";

/*
 * The filter must-show on the demo catalog (docs/product.md#filters-and-sort): filter the store by size and
 * price, share the URL, and see the same results on a fresh page; on a phone the same filters open in a sheet.
 */

const cardIds = (page: Page) => page.getByTestId("product-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));
const countOf = (label: string) => Number(/\((\d+)\)\s*$/.exec(label)?.[1] ?? "NaN");

test("filter the store by size and price, then open the shared URL in a new page: same results", async ({ page, context }) => {
  await page.goto("/store");
  const filters = page.getByRole("complementary", { name: "Filter and sort" });
  const size42 = filters.getByRole("group", { name: "Size" }).getByRole("checkbox", { name: /^42 \(\d+\)$/ });
  const sizeCount = countOf((await size42.evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? "")) as string);
  expect(sizeCount).toBeGreaterThan(1);
  await size42.check();
  await filters.getByRole("button", { name: "Show results" }).click();
  await expect(page).toHaveURL(/[?&]size=42(&|$)/);
  await expect(page.getByTestId("listing-count")).toHaveText(`${sizeCount} products`);
  await expect(page.getByTestId("product-card")).toHaveCount(sizeCount);

  // A price range that keeps some but not all of the size-42 shoes; its count already reckons with the size filter.
  const priceGroup = page.getByRole("complementary", { name: "Filter and sort" }).getByRole("group", { name: "Price" });
  const labels = await priceGroup.getByRole("radio").evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent ?? ""));
  const choice = labels.find((l) => countOf(l) > 0 && countOf(l) < sizeCount);
  expect(choice, `a price range narrower than ${sizeCount} among ${labels.join(" | ")}`).toBeTruthy();
  await priceGroup.getByRole("radio", { name: choice! }).check();
  await page.getByRole("complementary", { name: "Filter and sort" }).getByRole("button", { name: "Show results" }).click();
  await expect(page).toHaveURL(/price=\d*-\d*/);
  await expect(page).toHaveURL(/size=42/);
  await expect(page.getByTestId("listing-count")).toHaveText(new RegExp(`^${countOf(choice!)} products?$`));
  const shown = await cardIds(page);
  expect(shown).toHaveLength(countOf(choice!));
  // A filtered page is kept out of search indexes and points at the plain listing.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/store$/);

  const shared = await context.newPage();
  await shared.goto(page.url());
  await expect(shared.getByTestId("product-card")).toHaveCount(shown.length);
  expect(await cardIds(shared)).toEqual(shown);
  const sharedFilters = shared.getByRole("complementary", { name: "Filter and sort" });
  await expect(sharedFilters.getByRole("group", { name: "Size" }).getByRole("checkbox", { name: /^42 / })).toBeChecked();
  await expect(sharedFilters.getByRole("group", { name: "Price" }).getByRole("radio", { name: choice! })).toBeChecked();
});

test("sort by price from low to high in Spanish", async ({ page }) => {
  await page.goto("/es/category/shoes?sort=price_asc");
  await expect(page.getByLabel("Ordenar por").first()).toHaveValue("price_asc");
  const prices = await page.getByTestId("product-card").evaluateAll((cards) =>
    cards.map((c) => Number((c.querySelector("[data-testid='price-current']")?.textContent ?? "").replace(/[^\d,]/g, "").replace(",", "."))),
  );
  expect(prices.length).toBeGreaterThan(2);
  expect([...prices].sort((a, b) => a - b)).toEqual(prices);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the filters open in a sheet, work with the keyboard, and close with Escape", async ({ page }) => {
    await page.goto("/category/shoes");
    const open = page.getByTestId("filter-sheet-open");
    await open.click();
    const sheet = page.getByRole("dialog", { name: "Filter and sort" });
    await expect(sheet).toBeVisible();
    const inStock = sheet.getByRole("checkbox", { name: /^In stock/ });
    await inStock.focus();
    await page.keyboard.press("Space");
    await expect(inStock).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await sheet.getByRole("checkbox", { name: /^In stock/ }).check();
    await sheet.getByRole("button", { name: "Show results" }).click();
    // Only the chosen filter is in the URL (no empty "sort=" or "price="), and the sheet closes on the results.
    await expect(page).toHaveURL(/\/category\/shoes\?in_stock=1$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId("filter-sheet-open")).toHaveText(/1 active/);
  });
});
