import { expect, test, type Page } from "@playwright/test";
import { openAdmin } from "./admin-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * Option types shared across products (docs/product.md#option-types) on the demo catalog: the store shows one Colour
 * filter (the demo's bags say "Style", its shoes "Colour") and the sizes in numeric order, in both languages; an admin
 * on a phone-sized screen adds a colour with its swatch, is refused removing a colour products use, and removes the
 * one just added — in English and in Spanish.
 */

const labelsOf = (page: Page, group: string) =>
  page
    .getByRole("complementary", { name: /Filter and sort|Filtrar y ordenar/ })
    .getByRole("group", { name: group, exact: true })
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((b) => ((b as HTMLInputElement).labels?.[0]?.textContent ?? "").replace(/\s*\(\d+\)\s*$/, "").trim()));

for (const [lang, prefix, colour, size, style] of [
  ["English", "", "Colour", "Size", "Style"],
  ["Spanish", "/es", "Color", "Talla", "Estilo"],
] as const) {
  test(`the store shows one ${colour} filter and the sizes in order (${lang})`, async ({ page }) => {
    await page.goto(`${prefix}/store`);
    const filters = page.getByRole("complementary", { name: /Filter and sort|Filtrar y ordenar/ });
    await expect(filters.getByRole("group", { name: colour, exact: true })).toHaveCount(1);
    await expect(filters.getByRole("group", { name: style, exact: true })).toHaveCount(0);
    const colours = await labelsOf(page, colour);
    // The bags' "Style" colours and the shoes' "Colour" ones, in one list.
    expect(colours).toEqual(expect.arrayContaining(lang === "English" ? ["Black", "Cognac", "White", "Red"] : ["Negro", "Coñac", "Blanco", "Rojo"]));
    const sizes = (await labelsOf(page, size)).map(Number);
    expect(sizes.length).toBeGreaterThan(4);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  });
}

test("an admin manages a colour's values on a 390 px screen, in English and in Spanish", async ({ browser, baseURL }) => {
  const page = await openAdmin(browser, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [prefix, t] of [
    ["", { title: "Option types", value: "Value (English)", valueEs: "Value (Spanish)", swatch: "Swatch colour", add: "Add value", remove: "Remove", inUse: /products still use this value: change them first, then remove it\./, removed: "Removed." }],
    ["/es", { title: "Tipos de opción", value: "Valor (inglés)", valueEs: "Valor (español)", swatch: "Color de muestra", add: "Añadir valor", remove: "Quitar", inUse: /productos todavía usan este valor: cámbialos primero y luego quítalo\./, removed: "Quitado." }],
  ] as const) {
    await page.goto(`${prefix}/admin/option-types`);
    const heading = page.getByRole("heading", { name: t.title, level: 1 });
    await expect(heading).toBeVisible();
    await expectNoSidewaysScroll(page);

    const colour = page.getByTestId("option-type-colour");
    const black = colour.getByRole("form", { name: "Black", exact: true });
    await black.getByRole("button", { name: t.remove }).click();
    await expect(black.getByRole("alert")).toHaveText(t.inUse);

    // A value of its own each run, so a reused server does not clash.
    const name = `Test ${Math.random().toString(36).slice(2, 8)}`;
    const adding = colour.locator('[data-testid^="option-value-new-"]');
    await adding.getByLabel(t.value).fill(name);
    await adding.getByLabel(t.valueEs).fill(name);
    await adding.getByLabel(t.swatch).fill("#12ab34");
    await adding.getByRole("button", { name: t.add }).click();
    const added = colour.getByRole("form", { name, exact: true });
    await expect(added).toBeVisible();
    await expect(added.getByLabel(t.swatch)).toHaveValue("#12ab34");
    await added.getByRole("button", { name: t.remove }).click();
    await expect(colour.getByRole("form", { name, exact: true })).toHaveCount(0);
  }
});
