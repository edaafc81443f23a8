import { expect, test, type Page } from "@playwright/test";

/*
 * images have alternative text in the page's language. Product pictures are named after the product in
 * that language (the demo catalogue has English and Spanish names); decorative pictures have an empty alt.
 */

type ApiProduct = { id: string; title: string; image: string | null };

async function productTitles(page: Page, locale: "en" | "es") {
  const response = await page.request.get(`/api/store/main/products?limit=100&locale=${locale}`);
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: ApiProduct[] };
  return new Map(products.map((p) => [p.id, p.title]));
}

/** Every <img> on the page with its alt (null when the attribute is missing). */
const images = (page: Page) =>
  page.locator("img").evaluateAll((imgs) => imgs.map((img) => ({ src: img.getAttribute("src") ?? "", alt: img.getAttribute("alt") })));

test("the Spanish and English catalogues name products differently (the checks below would be void otherwise)", async ({ page }) => {
  const [en, es] = await Promise.all([productTitles(page, "en"), productTitles(page, "es")]);
  expect(es.get("prod_demo_01")).toBe("Bolso tote Marlowe de piel");
  expect(en.get("prod_demo_01")).toBe("Marlowe Leather Tote");
});

for (const locale of ["en", "es"] as const) {
  const prefix = locale === "en" ? "" : "/es";
  const other = locale === "en" ? "es" : "en";

  test(`store cards: every product picture's alt is the product's ${locale} name`, async ({ page }) => {
    const titles = await productTitles(page, locale);
    const otherTitles = await productTitles(page, other);
    await page.goto(`${prefix}/store`);
    const cards = page.getByTestId("product-card");
    await expect(cards.first()).toBeVisible();
    const seen = await cards.evaluateAll((all) =>
      all.map((card) => ({ id: card.getAttribute("data-product-id") ?? "", alt: card.querySelector("img")?.getAttribute("alt") ?? null })),
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const { id, alt } of seen) {
      expect(alt, `card ${id}`).toBe(titles.get(id));
      if (otherTitles.get(id) !== titles.get(id)) expect(alt).not.toBe(otherTitles.get(id));
    }
    for (const img of await images(page)) expect(img.alt, `alt of ${img.src}`).not.toBeNull();
  });

  test(`product page: gallery pictures are described in ${locale}, thumbnails are decorative`, async ({ page }) => {
    const title = (await productTitles(page, locale)).get("prod_demo_01")!;
    await page.goto(`${prefix}/product/prod_demo_01`);
    const main = page.getByTestId("gallery-image");
    // The image's own alt text in the page's language (the demo's name the product and its colour), else "{title}, image 1".
    await expect(main).toHaveAttribute("alt", new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( |,|$)`));
    for (const img of await images(page)) expect(img.alt, `alt of ${img.src}`).not.toBeNull();
  });

  test(`cart drawer: a line added on the other language's page is described in ${locale}`, async ({ page }) => {
    const title = (await productTitles(page, locale)).get("prod_demo_22")!;
    // Added from the other language: the drawer refreshes names from the catalogue in the page's language.
    await page.goto(`${locale === "en" ? "/es" : ""}/product/prod_demo_22`);
    await page.getByTestId("product-add-to-cart").click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    // The Spanish page left its language cookie, which would send "/" on to "/es".
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: new URL(page.url()).origin }]);
    await page.goto(`${prefix}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await page.getByTestId("cart-button").click();
    const line = page.getByTestId("cart-drawer").getByTestId("cart-line");
    await expect(line).toContainText(title);
    await expect(line.locator("img")).toHaveAttribute("alt", title);
  });

  test(`home and categories: every picture has an alt attribute (${locale})`, async ({ page }) => {
    for (const path of ["/", "/categories"]) {
      await page.goto(`${prefix}${path}`);
      await page.waitForLoadState("networkidle");
      const all = await images(page);
      expect(all.length, `${path} shows pictures`).toBeGreaterThan(0);
      for (const img of all) expect(img.alt, `alt of ${img.src} on ${path}`).not.toBeNull();
    }
  });
}
