import { expect, test, type Locator, type Page } from "@playwright/test";
import { ownAdminShop } from "./admin-support";
import { answerDialog } from "./leave-dialog";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * Editors that keep work (docs/product.md#editors-that-keep-work) beyond the saved product's editor: the content
 * pages editor, the settings screen, the discounts editor and the new-product form, in English at 1280 px and in
 * Spanish at 390 px. Leaving with unsaved changes asks (a link of the admin's menu, the back button, a reload) and
 * staying keeps the edit; a refused save marks its field (aria-invalid), describes it in the admin's language and
 * focuses it, saving nothing. A new product shows its low-stock threshold and tax class before its first save and
 * that save keeps them; a SKU another product holds is refused on the SKU field.
 */

const admin = { email: "screens.admin@example.com", password: "admin-password-1", name: "Screens Admin" };
const shop = ownAdminShop(110, admin);

const texts = {
  en: {
    prefix: "",
    leave: "You have unsaved changes. Leave this page and lose them?",
    pageTitleRequired: "The English title is required.",
    createPage: "Create page",
    savePage: "Save Content",
    pageSaved: "Page content saved successfully.",
    emailRefused: "Enter an email address, such as hello@shop.example.",
    settingsSave: "Save",
    promotionValue: "A percent discount needs 0.01 to 100; a fixed discount needs an amount above 0.",
    promotionSave: "Save",
    promotionSaved: "Saved.",
    promotionsBack: "Discounts and promotions",
    variantTitle: "Variant title (English)",
    price: "Price (EUR)",
    saveProduct: "Save product",
    productCreated: "Product created successfully.",
    reduced: "Reduced",
    skuTaken: (sku: string) => `The SKU "${sku}" is already used by another variant. Each SKU must be unique.`,
  },
  es: {
    prefix: "/es",
    leave: "Tienes cambios sin guardar. ¿Salir de esta página y perderlos?",
    pageTitleRequired: "El título en inglés es obligatorio.",
    createPage: "Crear página",
    savePage: "Guardar contenido",
    pageSaved: "Contenido de la página guardado correctamente.",
    emailRefused: "Escribe una dirección de correo, como hola@tienda.example.",
    settingsSave: "Guardar",
    promotionValue: "Un descuento porcentual necesita de 0,01 a 100; uno fijo, un importe mayor que 0.",
    promotionSave: "Guardar",
    promotionSaved: "Guardado.",
    promotionsBack: "Descuentos y promociones",
    variantTitle: "Título de la variante (inglés)",
    price: "Precio (EUR)",
    saveProduct: "Guardar producto",
    productCreated: "Producto creado correctamente.",
    reduced: "Reducida",
    skuTaken: (sku: string) => `El SKU "${sku}" ya lo usa otra variante. Cada SKU debe ser único.`,
  },
} as const;

const sizes = { en: { width: 1280, height: 800 }, es: { width: 390, height: 844 } } as const;

/** The field is refused: invalid, described by `message`, focused and in view. */
async function expectRefused(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  const describedBy = await field.getAttribute("aria-describedby");
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message);
}

/** Opens `path` by its link in the admin's menu: a step of the app, so the back button stays in it (no reload). */
async function openByMenu(page: Page, path: string) {
  const phone = (page.viewportSize()?.width ?? 1280) < 1024;
  if (phone) await page.getByTestId("admin-menu-button").click();
  await page.getByTestId(phone ? "admin-nav-menu" : "admin-nav").locator(`a[href$="${path}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Clicks the first link of the admin's menu (behind the Menu button below 1024 px), staying or leaving. */
async function leaveByMenu(page: Page, accept: boolean) {
  const phone = (page.viewportSize()?.width ?? 1280) < 1024;
  if (phone) await page.getByTestId("admin-menu-button").click();
  const link = page.getByTestId(phone ? "admin-nav-menu" : "admin-nav").getByRole("link").first();
  return answerDialog(page, () => link.click(), accept);
}

/** The admin signed in at `path` at this test's size, with every dialog the page opens recorded by its type. */
async function signedInAdmin(page: Page, size: { width: number; height: number }, path: string) {
  await page.setViewportSize(size);
  const dialogs: string[] = [];
  page.on("dialog", (d) => dialogs.push(d.type()));
  await shop.signIn(page, path);
  return dialogs;
}

/**
 * With `field` edited to `edited` (unsaved): the menu's link, a reload and the back button each ask, and staying keeps
 * the edit at the same address. The page must have a history entry before it.
 */
async function expectGuarded(page: Page, field: Locator, edited: string, leave: string) {
  const url = page.url();
  await field.fill(edited);
  expect(await leaveByMenu(page, false)).toEqual({ type: "confirm", message: leave });
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(url);
  await expect(field).toHaveValue(edited);
  expect((await answerDialog(page, () => page.reload({ timeout: 5_000 }), false)).type).toBe("beforeunload");
  await expect(field).toHaveValue(edited);
  expect((await answerDialog(page, () => page.goBack({ timeout: 5_000 }), false)).message).toBe(leave);
  await expect(page).toHaveURL(url);
  await expect(field).toHaveValue(edited);
}

for (const lang of ["en", "es"] as const) {
  const t = texts[lang];
  const size = sizes[lang];

  test(`${lang} at ${size.width} px: the pages editor asks before losing work and marks a refused title`, async ({ page }) => {
    test.setTimeout(180_000);
    const dialogs = await signedInAdmin(page, size, `${t.prefix}/admin/pages`);
    await page.goto(`${shop.baseURL}${t.prefix}/admin/pages/new`);
    const title = page.locator("#page-titleEn");
    // No English title: refused on the title, nothing created.
    await page.locator("#page-slugEn").fill(`kept-${lang}`);
    await page.getByRole("button", { name: t.createPage }).click();
    await expectRefused(page, title, t.pageTitleRequired);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/pages/new$`));

    await title.fill(`Kept ${lang}`);
    await page.getByRole("button", { name: t.createPage }).click();
    await expect(page).toHaveURL(/\/admin\/pages\/(?!new)[^/]+$/);
    await expect(title).toHaveValue(`Kept ${lang}`);
    // Saved: a reload does not ask.
    await page.reload();
    expect(dialogs).toEqual([]);

    await expectGuarded(page, title, `Kept ${lang} edited`, t.leave);
    // An emptied title is refused on its field; the saved one stays.
    await title.fill("");
    await page.getByRole("button", { name: t.savePage }).click();
    await expectRefused(page, title, t.pageTitleRequired);
    await title.fill(`Kept ${lang} saved`);
    await page.getByRole("button", { name: t.savePage }).click();
    await expect(page.getByTestId("toast").filter({ hasText: t.pageSaved })).toBeVisible();
    await expect(title).not.toHaveAttribute("aria-invalid", "true");
    await page.reload();
    await expect(title).toHaveValue(`Kept ${lang} saved`);
    expect(dialogs).toEqual(["confirm", "beforeunload", "confirm"]);
    await expectNoSidewaysScroll(page);
  });

  test(`${lang} at ${size.width} px: the settings screen asks before losing work and marks a refused email`, async ({ page }) => {
    test.setTimeout(180_000);
    const dialogs = await signedInAdmin(page, size, `${t.prefix}/admin`);
    await openByMenu(page, "/admin/settings");
    const email = page.locator("#settings-store-email");
    const saved = await email.inputValue();
    await expectGuarded(page, email, "not an email", t.leave);

    const form = page.getByTestId("settings-store-form");
    await form.getByRole("button", { name: t.settingsSave }).click();
    await expectRefused(page, email, t.emailRefused);
    // Nothing saved: another tab reads the stored address.
    const other = await page.context().newPage();
    await other.goto(`${shop.baseURL}${t.prefix}/admin/settings`);
    await expect(other.locator("#settings-store-email")).toHaveValue(saved);
    await other.close();

    await email.fill(`shop-${lang}@example.com`);
    await form.getByRole("button", { name: t.settingsSave }).click();
    await expect(page.getByTestId("settings-store-message")).toBeVisible();
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await page.reload();
    await expect(email).toHaveValue(`shop-${lang}@example.com`);
    expect(dialogs).toEqual(["confirm", "beforeunload", "confirm"]);
    await expectNoSidewaysScroll(page);
  });

  test(`${lang} at ${size.width} px: the discounts editor asks before losing work and marks a refused amount`, async ({ page }) => {
    test.setTimeout(180_000);
    const dialogs = await signedInAdmin(page, size, `${t.prefix}/admin`);
    await page.goto(`${shop.baseURL}${t.prefix}/admin/promotions`);
    const code = `KEEP${lang.toUpperCase()}`;
    const form = page.getByTestId("promotion-form");
    await form.locator("#promotion-code").fill(code);
    await form.locator("#promotion-nameEn").fill(`Keep ${lang}`);
    const amount = form.locator("#promotion-amount");
    await amount.fill("101");
    await form.getByRole("button", { name: t.promotionSave }).click();
    await expectRefused(page, amount, t.promotionValue);
    await expect(page.getByRole("link", { name: code })).toHaveCount(0);

    await amount.fill("10");
    await form.getByRole("button", { name: t.promotionSave }).click();
    await expect(page.getByTestId("promotion-message")).toHaveText(t.promotionSaved);
    await expect(amount).not.toHaveAttribute("aria-invalid", "true");
    // Saved and emptied for the next one: leaving does not ask.
    await page.getByRole("link", { name: code }).first().click();
    await expect(page).toHaveURL(/\/admin\/promotions\/\d+$/);
    const name = page.locator("#promotion-nameEn");
    await expect(name).toHaveValue(`Keep ${lang}`);
    expect(dialogs).toEqual([]);

    await expectGuarded(page, name, `Keep ${lang} edited`, t.leave);
    await page.locator("#promotion-amount").fill("0");
    await page.getByRole("button", { name: t.promotionSave }).click();
    await expectRefused(page, page.locator("#promotion-amount"), t.promotionValue);
    await page.locator("#promotion-amount").fill("15");
    // The saved editor is drawn again from the server (its message with it): the save's answer is waited for.
    const saving = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/promotions/"));
    await page.getByRole("button", { name: t.promotionSave }).click();
    await saving;
    await expect(page.locator("#promotion-amount")).not.toHaveAttribute("aria-invalid", "true");
    // Saved: a reload and the back link leave without asking.
    await page.reload();
    await expect(page.locator("#promotion-nameEn")).toHaveValue(`Keep ${lang} edited`);
    await expect(page.locator("#promotion-amount")).toHaveValue("15");
    await page.getByRole("link", { name: `← ${t.promotionsBack}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/promotions$`));
    expect(dialogs).toEqual(["confirm", "beforeunload", "confirm"]);
    await expectNoSidewaysScroll(page);
  });

  // An editor reached by a link of the app (the router's push, no reload): the step back is the router's own, and the
  // guard must hold it before the router draws the page stepped back to (decision 0393).
  test(`${lang} at ${size.width} px: the back button asks on an editor reached by a link`, async ({ page }) => {
    const dialogs = await signedInAdmin(page, size, `${t.prefix}/admin`);
    await openByMenu(page, "/admin/settings");
    const email = page.locator("#settings-store-email");
    await email.fill("edited@example.com");
    expect((await answerDialog(page, () => page.goBack({ timeout: 5_000 }), false)).message).toBe(t.leave);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/settings$`));
    await expect(email).toHaveValue("edited@example.com");

    // The discount saved by the test before, opened from the list's link (the unsaved settings asked first).
    await answerDialog(page, () => page.goto(`${shop.baseURL}${t.prefix}/admin/promotions`), true);
    await page.getByRole("link", { name: `KEEP${lang.toUpperCase()}` }).first().click();
    await expect(page).toHaveURL(/\/admin\/promotions\/\d+$/);
    const name = page.locator("#promotion-nameEn");
    await name.fill(`Back ${lang}`);
    expect((await answerDialog(page, () => page.goBack({ timeout: 5_000 }), false)).message).toBe(t.leave);
    await expect(page).toHaveURL(/\/admin\/promotions\/\d+$/);
    await expect(name).toHaveValue(`Back ${lang}`);
    // Leaving when asked goes back to the list. The browser lets a page hold one step back per interaction (decision
    // 0393), so the admin touches the form again first, as a person who stayed would.
    await name.click();
    await answerDialog(page, () => page.goBack(), true);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/promotions$`));
    expect(dialogs).toEqual(["confirm", "beforeunload", "confirm", "confirm"]);
  });

  test(`${lang} at ${size.width} px: a new product shows and keeps its threshold and tax class; a SKU taken is refused on its field`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await shop.signIn(page, `${t.prefix}/admin/products/new`);
    const sku = `HOLD-${lang.toUpperCase()}`;
    await page.locator("#product-title-en").fill(`Holder ${lang}`);
    const variant = page.getByTestId("variant-row").first();
    await variant.getByLabel(t.variantTitle).fill("One");
    await variant.getByLabel(t.price, { exact: true }).fill("12");
    await variant.getByLabel("SKU", { exact: true }).fill(sku);
    await variant.locator('[id$="-stock"]').fill("7");
    // Before the first save: the variant's threshold (its title and stock as typed) and the tax class.
    const threshold = page.getByTestId("low-stock-thresholds").getByRole("spinbutton");
    await expect(threshold).toHaveCount(1);
    await expect(page.getByTestId("low-stock-thresholds")).toContainText("One");
    await threshold.fill("3");
    await page.locator("#product-tax-class").selectOption("reduced");
    await page.getByRole("button", { name: t.saveProduct }).last().click();
    await expect(page.getByTestId("toast")).toContainText(t.productCreated);
    await expect(page).toHaveURL(/\/admin\/products\/prod_[0-9a-z]+$/);
    // The one save kept them.
    await expect(page.getByTestId("low-stock-thresholds").getByRole("spinbutton")).toHaveValue("3");
    await expect(page.locator("#product-tax-class")).toHaveValue("reduced");
    await expect(page.locator("#product-tax-class option:checked")).toHaveText(t.reduced);

    // Another new product with the same SKU: refused on the SKU field, nothing created.
    await page.goto(`${shop.baseURL}${t.prefix}/admin/products/new`);
    await page.locator("#product-title-en").fill(`Clash ${lang}`);
    const second = page.getByTestId("variant-row").first();
    await second.getByLabel(t.variantTitle).fill("One");
    await second.getByLabel(t.price, { exact: true }).fill("9");
    const skuField = second.getByLabel("SKU", { exact: true });
    await skuField.fill(sku);
    await page.getByRole("button", { name: t.saveProduct }).last().click();
    await expectRefused(page, skuField, t.skuTaken(sku));
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/admin/products/new$`));
    const list = await page.context().newPage();
    await list.goto(`${shop.baseURL}${t.prefix}/admin/products`);
    await expect(list.getByText(`Holder ${lang}`).first()).toBeVisible();
    await expect(list.getByText(`Clash ${lang}`)).toHaveCount(0);
    await list.close();
    await expectNoSidewaysScroll(page);
  });
}
