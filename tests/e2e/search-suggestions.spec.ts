import { expect, test, type Page } from "@playwright/test";

/**
 * The header search's suggestions (docs/product.md#search) on the demo catalogue, in both languages: typing shows
 * products and categories, arrow keys move through them, Enter opens the highlighted one, Escape closes the list; on
 * a phone the field is in the header itself; without JavaScript it is the plain search form.
 */
const languages = [
  { locale: "en", prefix: "", label: "Search products", list: "Suggestions", word: "tote", product: "Marlowe Leather Tote", category: "handb", categoryName: "Handbags", slug: "handbags", query: "walet" },
  { locale: "es", prefix: "/es", label: "Buscar productos", list: "Sugerencias", word: "zapatillas de piel", product: "Zapatillas de piel", category: "bolsos", categoryName: "Bolsos", slug: "bolsos", query: "relojes" },
] as const;

const searchField = (page: Page, label: string) => page.getByRole("banner").getByRole("combobox", { name: label });

for (const l of languages) {
  test.describe(`search suggestions (${l.locale})`, () => {
    test("type, arrow down, Enter opens the product; Escape closes the list", async ({ page }) => {
      await page.goto(`${l.prefix}/about`);
      const field = searchField(page, l.label);
      await field.pressSequentially(l.word);
      const list = page.getByRole("listbox", { name: l.list });
      const first = list.getByRole("option").first();
      await expect(first).toContainText(l.product);
      await expect(field).toHaveAttribute("aria-expanded", "true");
      await field.press("Escape");
      await expect(field).toHaveAttribute("aria-expanded", "false");
      await expect(list).toBeHidden();
      await field.press("ArrowDown");
      await expect(first).toHaveAttribute("aria-selected", "true");
      await expect(field).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "missing");
      const title = (await first.textContent()) ?? "";
      // The suggestion leads to the product's readable address in this language, not to its id (which would 301).
      const href = (await first.getAttribute("data-href")) ?? "";
      expect(href).toMatch(/^\/product\/[a-z0-9-]+$/);
      expect(href).not.toContain("prod_");
      await field.press("Enter");
      await expect(page).toHaveURL(new RegExp(`^[^?]*${l.prefix}${href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    });

    test("a category is suggested and opens its page", async ({ page }) => {
      await page.goto(`${l.prefix}/about`);
      const field = searchField(page, l.label);
      await field.pressSequentially(l.category);
      const option = page.getByRole("listbox", { name: l.list }).getByRole("option", { name: l.categoryName, exact: true });
      await expect(option).toBeVisible();
      // ArrowUp from the top wraps to the last option: the categories come after the products.
      await field.press("ArrowDown");
      await field.press("ArrowUp");
      await expect(option).toHaveAttribute("aria-selected", "true");
      await expect(option).toHaveAttribute("data-href", `/category/${l.slug}`);
      await field.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/category/${l.slug}$`));
    });

    test("on a phone the field is in the header; Enter without a highlighted suggestion opens the search page", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${l.prefix}/about`);
      const field = searchField(page, l.label);
      await expect(field).toBeVisible();
      await expect(page.getByTestId("mobile-menu")).toBeHidden();
      const box = await field.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await field.pressSequentially(l.query);
      await expect(page.getByRole("listbox", { name: l.list }).getByRole("option").first()).toBeVisible();
      await field.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/search\\?q=${l.query}$`));
      await expect(page.getByTestId("product-card-link").first()).toBeVisible();
    });
  });
}

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the header field is a plain form to the search page, in the page's language", async ({ page }) => {
    await page.goto("/es/about");
    const field = searchField(page, "Buscar productos");
    await field.fill("bolsos");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/es\/search\?q=bolsos$/);
    // The page's content fades in with JavaScript; the count and the first result are in the page without it.
    await expect(page.getByTestId("search-count")).toHaveText("8 productos encontrados");
    await expect(page.getByTestId("product-card-link").first()).toHaveText("Bolso saco Aria");
  });
});
