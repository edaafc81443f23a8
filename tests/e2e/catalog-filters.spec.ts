import { expect, test, type Page } from "@playwright/test";
import { waitForEntrances } from "./page-fit";

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
  // With JavaScript a change applies at once: the sidebar has no "Show results" button (the no-script form keeps it).
  await expect(filters.getByRole("button", { name: "Show results" })).toHaveCount(0);
  await size42.check();
  await expect(page).toHaveURL(/[?&]size=42(&|$)/);
  await expect(page.getByTestId("listing-count")).toHaveText(`${sizeCount} products`);
  await expect(page.getByTestId("product-card")).toHaveCount(sizeCount);

  // A price range that keeps some but not all of the size-42 shoes; its count already reckons with the size filter.
  const priceGroup = page.getByRole("complementary", { name: "Filter and sort" }).getByRole("group", { name: "Price" });
  const labels = await priceGroup.getByRole("radio").evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent ?? ""));
  const choice = labels.find((l) => countOf(l) > 0 && countOf(l) < sizeCount);
  expect(choice, `a price range narrower than ${sizeCount} among ${labels.join(" | ")}`).toBeTruthy();
  await priceGroup.getByRole("radio", { name: choice! }).check();
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

const chipTexts = [
  { locale: "en", prefix: "", aside: "Filter and sort", chips: "Active filters", remove: "Remove filter", inStock: "In stock", inStockChip: "Availability: In stock", clearAll: "Clear all", apply: "Show results" },
  { locale: "es", prefix: "/es", aside: "Filtrar y ordenar", chips: "Filtros activos", remove: "Quitar filtro", inStock: "En stock", inStockChip: "Disponibilidad: En stock", clearAll: "Quitar todos", apply: "Ver resultados" },
];

for (const l of chipTexts) {
  test(`${l.locale}: a filter applies at once, shows as a chip, and the chip removes it (back brings it back)`, async ({ page }) => {
    await page.goto(`${l.prefix}/category/shoes`);
    const filters = page.getByRole("complementary", { name: l.aside });
    await expect(filters.getByRole("button", { name: l.apply })).toHaveCount(0);
    const size42 = filters.getByRole("checkbox", { name: /^42 \(\d+\)$/ });
    const size = await size42.evaluate((box) => box.closest("fieldset")?.querySelector("legend")?.textContent ?? "");
    expect(size).not.toBe("");
    const chips = page.getByRole("list", { name: l.chips });
    await expect(chips).toHaveCount(0);

    await size42.check();
    await expect(page).toHaveURL(/[?&]size=42(&|$)/);
    const sizeChip = chips.getByRole("link", { name: `${l.remove} ${size}: 42` });
    await expect(sizeChip).toBeVisible();
    await filters.getByRole("checkbox", { name: new RegExp(`^${l.inStock} \\(`) }).check();
    await expect(page).toHaveURL(/size=42&in_stock=1$/);
    const stockChip = chips.getByRole("link", { name: `${l.remove} ${l.inStockChip}` });
    await expect(stockChip).toBeVisible();
    await expect(sizeChip).toBeVisible();

    await sizeChip.click();
    // The Spanish page's address is the category's Spanish slug (docs/product.md#product-addresses).
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/category/(shoes|zapatos)\\?in_stock=1$`));
    await expect(sizeChip).toHaveCount(0);
    await expect(stockChip).toBeVisible();
    await expect(size42).not.toBeChecked();

    await page.goBack();
    await expect(page).toHaveURL(/size=42&in_stock=1$/);
    await expect(sizeChip).toBeVisible();
    await expect(size42).toBeChecked();

    await chips.getByRole("link", { name: l.clearAll }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/category/(shoes|zapatos)$`));
    await expect(chips).toHaveCount(0);
    await expect(size42).not.toBeChecked();
  });
}

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

  test("the filters open in a sheet, apply at once behind it, and Show N results closes it", async ({ page }) => {
    await page.goto("/category/shoes");
    const open = page.getByTestId("filter-sheet-open");
    await open.click();
    const sheet = page.getByRole("dialog", { name: "Filter and sort" });
    await expect(sheet).toBeVisible();
    const inStock = sheet.getByRole("checkbox", { name: /^In stock/ });
    await inStock.focus();
    await page.keyboard.press("Space");
    await expect(inStock).toBeChecked();
    // Only the chosen filter is in the URL (no empty "sort=" or "price="); the sheet stays open with the focus in it.
    await expect(page).toHaveURL(/\/category\/shoes\?in_stock=1$/);
    await expect(sheet).toBeVisible();
    await expect(inStock).toBeFocused();
    const count = Number(/^(\d+) products?$/.exec((await page.getByTestId("listing-count").textContent()) ?? "")?.[1]);
    expect(count).toBeGreaterThan(0);
    await expect(sheet.getByRole("button", { name: `Show ${count} result${count === 1 ? "" : "s"}` })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    await expect(open).toHaveText(/1 active/);
    await expect(page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: "Remove filter Availability: In stock" })).toBeVisible();
    await open.click();
    await expect(sheet.getByRole("checkbox", { name: /^In stock/ })).toBeChecked();
    await sheet.getByRole("button", { name: /^Show \d+ results?$/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/category\/shoes\?in_stock=1$/);
  });

  test("product cards stand two a row, so the store is far shorter than one card a row", async ({ page }) => {
    await page.goto("/store");
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(24);
    await waitForEntrances(cards, 3);
    const boxes = await cards.evaluateAll((all) => all.slice(0, 3).map((c) => c.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, width: r.width })));
    expect(boxes[1].y).toBe(boxes[0].y);
    expect(boxes[1].x).toBeGreaterThan(boxes[0].x + boxes[0].width - 1);
    expect(boxes[2].y).toBeGreaterThan(boxes[0].y);
    expect(boxes[2].x).toBe(boxes[0].x);
    // One card a row made it about 13,900 px; two a row is well under 9,000 (and nothing overflows sideways).
    const { height, overflow } = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, overflow: document.documentElement.scrollWidth - window.innerWidth }));
    expect(height).toBeLessThan(9000);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
