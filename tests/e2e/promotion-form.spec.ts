import { expect, test } from "@playwright/test";
import { openAdmin } from "./admin-support";

/*
 * The discount form (docs/product.md#discount-codes) in both languages: products and categories are found by name and
 * stand as chips (each removable), dates are typed on the shop's clock with its zone named in the label, and an
 * edit shows back what was typed. The instants stored: tests/integration/promotion-time-zone.test.ts.
 */

const texts = [
  { locale: "en", prefix: "", starts: "Starts (Europe/Madrid time)", ends: "Ends (Europe/Madrid time)", name: "Name (English)", percent: "Percent", searchProducts: "Search products by name", searchCategories: "Search categories by name", tote: "Marlowe Leather Tote", totePart: "Marlowe", bags: "Handbags", remove: "Remove", save: "Save", saved: "Saved.", chosen: "Chosen" },
  { locale: "es", prefix: "/es", starts: "Empieza (hora de Europe/Madrid)", ends: "Termina (hora de Europe/Madrid)", name: "Nombre (inglés)", percent: "Porcentaje", searchProducts: "Buscar productos por nombre", searchCategories: "Buscar categorías por nombre", tote: "Bolso tote Marlowe de piel", totePart: "marlowe", bags: "Bolsos", remove: "Quitar", save: "Guardar", saved: "Guardado.", chosen: "Elegidos" },
];

for (const l of texts) {
  test(`${l.locale}: pick products and categories by name, type dates on the shop's clock, and see them back`, async ({ browser, baseURL }) => {
    const admin = await openAdmin(browser, baseURL!);
    await admin.goto(`${l.prefix}/admin/promotions`);
    const form = admin.getByTestId("promotion-form");
    const name = `Evening ${l.locale} ${Date.now().toString(36)}`;
    await form.getByLabel(l.name).fill(name);
    await form.getByLabel(l.percent).fill("15");
    await form.getByLabel(l.starts).fill("2026-12-24T18:00");
    await form.getByLabel(l.ends).fill("2026-12-31T23:30");

    await form.getByLabel(l.searchProducts).fill(l.totePart);
    const products = form.getByTestId("promotion-product-picker");
    await products.getByRole("checkbox", { name: l.tote, exact: true }).check();
    const productChips = products.getByRole("list", { name: new RegExp(`: ${l.chosen}$`) });
    await expect(productChips.getByRole("listitem")).toHaveText([l.tote]);

    const categories = form.getByTestId("promotion-category-picker");
    await form.getByLabel(l.searchCategories).fill(l.bags.slice(0, 4));
    await categories.getByRole("checkbox", { name: l.bags, exact: true }).check();
    await form.getByLabel(l.searchCategories).fill("");
    await expect(categories.getByRole("listitem").filter({ hasText: l.bags }).first()).toBeVisible();
    // A chip's button removes it; ticking again brings it back.
    await categories.getByRole("button", { name: `${l.remove} ${l.bags}` }).click();
    await expect(categories.getByRole("button", { name: `${l.remove} ${l.bags}` })).toHaveCount(0);
    await categories.getByRole("checkbox", { name: l.bags, exact: true }).check();
    await expect(categories.getByRole("button", { name: `${l.remove} ${l.bags}` })).toBeVisible();

    await form.getByRole("button", { name: l.save }).click();
    await expect(form.getByTestId("promotion-message")).toHaveText(l.saved);

    await admin.getByTestId("promotions-table").getByRole("row").filter({ hasText: name }).getByRole("link").click();
    const edit = admin.getByTestId("promotion-form");
    await expect(edit.getByLabel(l.starts)).toHaveValue("2026-12-24T18:00");
    await expect(edit.getByLabel(l.ends)).toHaveValue("2026-12-31T23:30");
    await expect(edit.getByTestId("promotion-product-picker").getByRole("button", { name: `${l.remove} ${l.tote}` })).toBeVisible();
    await expect(edit.getByTestId("promotion-category-picker").getByRole("button", { name: `${l.remove} ${l.bags}` })).toBeVisible();
    await admin.context().close();
  });
}
