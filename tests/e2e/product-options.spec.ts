import { expect, test, type Page } from "@playwright/test";
import { openAdmin } from "./admin-support";

/*
 * Product options (docs/product.md#product-options), in each language: an admin builds a product with two options
 * (colour × size) in the editor, prices it with the bulk edit, and a shopper picks colour and size on its page — the
 * sold-out combination marked "Sold out" and not choosable, the choice kept in the address across a reload, and the
 * cart given the chosen variant at its price. On the suite's own server, as its administrator (the demo shop's prices are in EUR).
 */

test.describe.configure({ mode: "serial" });

const words = {
  en: {
    prefix: "",
    titleEn: "Title (English)",
    titleEs: "Title (Spanish)",
    addOption: "Add option",
    optionEn: "Option name (English)",
    optionEs: "Option name (Spanish)",
    valueEn: (n: number) => `Value ${n} (English)`,
    valueEs: (n: number) => `Value ${n} (Spanish)`,
    addValue: "Add value",
    bulkSelect: "Variants to select",
    select: "Select",
    amount: "Amount (EUR or units)",
    setPrice: "Set price",
    addStock: "Add stock",
    stock: "Stock",
    price: "Price (EUR)",
    save: "Save product",
    selected: "4 variants selected",
    colour: "Colour",
    size: "Size",
    white: "White",
    green: "Green",
    price30: "30.00",
    soldOut: "Sold out",
    openCart: "Open cart",
  },
  es: {
    prefix: "/es",
    titleEn: "Título (inglés)",
    titleEs: "Título (español)",
    addOption: "Añadir opción",
    optionEn: "Nombre de la opción (inglés)",
    optionEs: "Nombre de la opción (español)",
    valueEn: (n: number) => `Valor ${n} (inglés)`,
    valueEs: (n: number) => `Valor ${n} (español)`,
    addValue: "Añadir valor",
    bulkSelect: "Variantes a seleccionar",
    select: "Seleccionar",
    amount: "Cantidad (EUR o unidades)",
    setPrice: "Fijar precio",
    addStock: "Añadir stock",
    stock: "Existencias",
    price: "Precio (EUR)",
    save: "Guardar producto",
    selected: "4 variantes seleccionadas",
    colour: "Color",
    size: "Talla",
    white: "Blanco",
    green: "Verde",
    price30: "30,00",
    soldOut: "Agotado",
    openCart: "Abrir carrito",
  },
};

async function fillOption(page: Page, w: (typeof words)["en"], index: number, names: [string, string], values: Array<[string, string]>) {
  const option = page.getByTestId("option-row").nth(index);
  await option.getByLabel(w.optionEn, { exact: true }).fill(names[0]);
  await option.getByLabel(w.optionEs, { exact: true }).fill(names[1]);
  for (const [i, [en, es]] of values.entries()) {
    if (i > 0) await option.getByRole("button", { name: w.addValue }).click();
    await option.getByLabel(w.valueEn(i + 1), { exact: true }).fill(en);
    await option.getByLabel(w.valueEs(i + 1), { exact: true }).fill(es);
  }
}

for (const lang of ["en", "es"] as const) {
  test(`${lang}: a colour × size product built with the bulk edit; the shopper's choice is kept and goes to the cart`, async ({ browser, baseURL }) => {
    test.setTimeout(150_000);
    const w = words[lang];
    const suffix = Date.now().toString(36);
    const page = await openAdmin(browser, baseURL!);
    await page.goto(`${w.prefix}/admin/products/new`);
    await page.getByLabel(w.titleEn, { exact: true }).fill(`Trail Runner ${suffix}`);
    await page.getByLabel(w.titleEs, { exact: true }).fill(`Zapatilla Trail ${suffix}`);

    await page.getByRole("button", { name: w.addOption }).click();
    await fillOption(page, w, 0, ["Colour", "Color"], [["White", "Blanco"], ["Green", "Verde"]]);
    await page.getByRole("button", { name: w.addOption }).click();
    await fillOption(page, w, 1, ["Size", "Talla"], [["42", "42"], ["43", "43"]]);
    const rows = page.getByTestId("variant-row");
    await expect(rows).toHaveCount(4);

    // Bulk: every variant 25 with 2 units; then the green ones 30.
    const bulk = page.getByTestId("bulk-edit");
    await bulk.getByRole("button", { name: w.select, exact: true }).click();
    await expect(bulk.getByTestId("bulk-count")).toHaveText(w.selected);
    await bulk.getByLabel(w.amount).fill("25");
    await bulk.getByRole("button", { name: w.setPrice, exact: true }).click();
    await bulk.getByLabel(w.amount).fill("2");
    await bulk.getByRole("button", { name: w.addStock }).click();
    await bulk.getByLabel(w.bulkSelect).selectOption({ label: `Colour: Green` });
    await bulk.getByRole("button", { name: w.select, exact: true }).click();
    await bulk.getByLabel(w.amount).fill("30");
    await bulk.getByRole("button", { name: w.setPrice, exact: true }).click();
    // Rows are in combination order: White/42, White/43, Green/42, Green/43.
    await expect(rows.nth(0).getByLabel(w.price, { exact: true })).toHaveValue("25.00");
    await expect(rows.nth(3).getByLabel(w.price, { exact: true })).toHaveValue("30.00");
    await expect(rows.nth(3).getByLabel(w.stock, { exact: true })).toHaveValue("2");
    // White 43 is sold out.
    await rows.nth(1).getByLabel(w.stock, { exact: true }).fill("0");

    await page.getByRole("button", { name: w.save }).first().click();
    // Saved: the editor moves to the product's own page (slow under load, so waited for longer than a toast lasts).
    await expect(page).toHaveURL(/\/admin\/products\/prod_[0-9a-z]+$/, { timeout: 60_000 });
    const productId = page.url().split("/").pop()!;
    // Reloaded from the server: two options, four combinations.
    await expect(page.getByTestId("option-row")).toHaveCount(2);
    await expect(rows).toHaveCount(4);

    await page.goto(`${w.prefix}/product/${productId}`);
    const colour = page.getByRole("radiogroup", { name: w.colour });
    const size = page.getByRole("radiogroup", { name: w.size });
    await expect(colour.getByRole("radio")).toHaveText([w.white, w.green]);
    await expect(colour.getByRole("radio", { name: w.white })).toHaveAttribute("aria-checked", "true");
    // White comes in 42 only: 43 is sold out, so marked unavailable, its name saying so; in green both sizes are there.
    const size43 = size.getByRole("radio", { name: "43" });
    await expect(size43).toHaveAttribute("aria-disabled", "true");
    await expect(size43).toHaveAccessibleName(new RegExp(`^43\\s*${w.soldOut}$`));
    await colour.getByRole("radio", { name: w.green }).click();
    await expect(size43).not.toHaveAttribute("aria-disabled", "true");
    await expect(size43).toHaveAccessibleName("43");
    await size43.click();
    await expect(page).toHaveURL(/[?&]variant=var_[0-9a-z]+/);
    const variantId = new URL(page.url()).searchParams.get("variant");

    // Back to white from green 43: white 43 is sold out, so white comes with 42, and 43 cannot be chosen.
    await colour.getByRole("radio", { name: w.white }).click();
    await expect(size.getByRole("radio", { name: "42" })).toHaveAttribute("aria-checked", "true");
    const white42 = new URL(page.url()).searchParams.get("variant");
    expect(white42).not.toBe(variantId);
    // Pressed anyway (a real click: Playwright would wait for an aria-disabled button to become enabled).
    await size43.click({ force: true });
    await expect(size43).toHaveAttribute("aria-checked", "false");
    await expect(size.getByRole("radio", { name: "42" })).toHaveAttribute("aria-checked", "true");
    expect(new URL(page.url()).searchParams.get("variant")).toBe(white42);
    await expect(page.getByTestId("product-add-to-cart")).toBeEnabled();
    // "Sold out" is said once, on the sold-out value.
    await expect(page.getByText(w.soldOut, { exact: true })).toHaveCount(1);

    await colour.getByRole("radio", { name: w.green }).click();
    await size43.click();
    await expect(page).toHaveURL(new RegExp(`[?&]variant=${variantId}`));

    await page.reload();
    await expect(colour.getByRole("radio", { name: w.green })).toHaveAttribute("aria-checked", "true");
    await expect(size.getByRole("radio", { name: "43" })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("price-current").first()).toContainText(w.price30);

    await page.getByTestId("product-add-to-cart").click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    const cart = await page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "[]"));
    expect(cart).toEqual([expect.objectContaining({ productId, variantId, variantTitle: `${w.green} / 43`, unitPriceCents: 3000 })]);
    await page.context().close();
  });
}
