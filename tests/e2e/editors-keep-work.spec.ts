import { expect, test } from "@playwright/test";
import { ownAdminShop } from "./admin-support";
import { answerDialog } from "./leave-dialog";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * Editors that keep work (docs/product.md#editors-that-keep-work), on the product editor, in English at 1280 px and
 * in Spanish at 390 px: leaving with unsaved changes asks (a link of the admin, the back button, a reload) and staying
 * keeps the edit; a refused save marks the field, describes it in the admin's language and focuses it, saving
 * nothing; one button saves the product, its low-stock threshold, its tax class and a rich-text information block.
 */

const admin = { email: "editors.admin@example.com", password: "admin-password-1", name: "Editors Admin" };
const shop = ownAdminShop(40, admin);

const texts = {
  en: {
    prefix: "",
    title: "Title (English)",
    variantTitle: "Variant title (English)",
    price: "Price (EUR)",
    save: "Save product",
    back: "Back to products",
    created: "Product created successfully.",
    updated: "Product updated successfully.",
    leave: "You have unsaved changes. Leave this page and lose them?",
    titleRequired: "Product title is required (English).",
    addInfo: "Add block",
    reduced: "Reduced",
  },
  es: {
    prefix: "/es",
    title: "Título (inglés)",
    variantTitle: "Título de la variante (inglés)",
    price: "Precio (EUR)",
    save: "Guardar producto",
    back: "Volver a productos",
    created: "Producto creado correctamente.",
    updated: "Producto actualizado correctamente.",
    leave: "Tienes cambios sin guardar. ¿Salir de esta página y perderlos?",
    titleRequired: "El título del producto es obligatorio (inglés).",
    addInfo: "Añadir bloque",
    reduced: "Reducida",
  },
} as const;

const signIn = shop.signIn;

for (const [lang, size] of [
  ["en", { width: 1280, height: 800 }],
  ["es", { width: 390, height: 844 }],
] as const) {
  const t = texts[lang];
  test(`${lang} at ${size.width} px: the product editor asks before losing work, marks a refused field, and saves everything at once`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const dialogs: string[] = [];
    page.on("dialog", (d) => dialogs.push(d.type()));
    await signIn(page, `${t.prefix}/admin/products/new`);
    // The product's own title (an information block has a "Title (English)" too).
    const title = page.locator("#product-title-en");
    await title.fill(`Keeper ${lang}`);
    const variant = page.getByTestId("variant-row").first();
    await variant.getByLabel(t.variantTitle).fill("One");
    await variant.getByLabel(t.price, { exact: true }).fill("12");
    await page.getByRole("button", { name: t.save }).first().click();
    await expect(page.getByTestId("toast")).toContainText(t.created);
    await expect(page).toHaveURL(/\/admin\/products\/prod_[0-9a-z]+$/);
    const editorUrl = page.url();

    // Nothing changed: leaving does not ask.
    await page.reload();
    expect(dialogs).toEqual([]);

    // A link of the admin asks in the admin's language; staying keeps the edit and the address.
    await title.fill(`Keeper ${lang} edited`);
    const back = page.getByRole("link", { name: t.back });
    expect(await answerDialog(page, () => back.click(), false)).toEqual({ type: "confirm", message: t.leave });
    await expect(page).toHaveURL(editorUrl);
    await expect(title).toHaveValue(`Keeper ${lang} edited`);

    // A reload asks too (the browser's own question); staying keeps the edit.
    expect((await answerDialog(page, () => page.reload({ timeout: 5_000 }), false)).type).toBe("beforeunload");
    await expect(title).toHaveValue(`Keeper ${lang} edited`);

    // A refusal is on its field: invalid, described in the admin's language, focused. Nothing is saved.
    await title.fill("");
    await page.getByRole("button", { name: t.save }).first().click();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toBeFocused();
    await expect(title).toBeInViewport();
    const describedBy = await title.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(t.titleRequired);
    const stored = await (await page.request.get(`${shop.baseURL}/api/store/main/products/${editorUrl.split("/").pop()}`)).json();
    expect(stored.product.title).toBe(`Keeper ${lang}`);

    // One save: the product's title, a rich-text information block, the low-stock threshold and the tax class.
    await title.fill(`Keeper ${lang} saved`);
    await page.getByRole("button", { name: t.addInfo }).click();
    const block = page.getByTestId("info-block").first();
    await block.getByLabel(t.title, { exact: true }).fill("Care");
    await block.locator(".ql-editor").first().click();
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type("Cold wash");
    await page.getByTestId("low-stock-thresholds").getByRole("spinbutton").first().fill("2");
    await page.locator("#product-tax-class").selectOption("reduced");
    await expect(page.getByRole("button", { name: t.save })).toHaveCount(2);
    await page.getByRole("button", { name: t.save }).last().click();
    await expect(page.getByTestId("toast")).toContainText(t.updated);

    // Saved: a reload does not ask, and shows every part as saved.
    await page.reload();
    expect(dialogs).toEqual(["confirm", "beforeunload"]);
    await expect(title).toHaveValue(`Keeper ${lang} saved`);
    await expect(page.getByTestId("low-stock-thresholds").getByRole("spinbutton").first()).toHaveValue("2");
    await expect(page.locator("#product-tax-class")).toHaveValue("reduced");
    await expect(page.locator("#product-tax-class option:checked")).toHaveText(t.reduced);
    await expect(page.getByTestId("info-block").first().locator(".ql-editor strong")).toHaveText("Cold wash");
    await expectNoSidewaysScroll(page);

    // The back button asks as well, once there is something to lose; leaving on "yes" goes where asked.
    await title.fill(`Keeper ${lang} unsaved`);
    expect((await answerDialog(page, () => page.getByRole("link", { name: t.back }).click(), true)).message).toBe(t.leave);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/products$`));
    // Back to the editor (the list has nothing to lose), then a step back with an edit asks, and staying stays.
    await page.goBack();
    await expect(page).toHaveURL(editorUrl);
    await title.fill(`Keeper ${lang} again`);
    expect((await answerDialog(page, () => page.goBack({ timeout: 5_000 }), false)).message).toBe(t.leave);
    await expect(page).toHaveURL(editorUrl);
    await expect(title).toHaveValue(`Keeper ${lang} again`);
  });
}
