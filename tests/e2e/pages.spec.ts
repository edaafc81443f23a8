import { expect, test, type Page } from "@playwright/test";
import { openAdmin } from "./admin-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * Pages the owner creates, the legal templates and the footer details (docs/product.md#content-pages,
 * #legal-templates, #admin-footer) on the shared e2e server. Every test puts back what it changed: later specs read
 * the footer and the header.
 */

const toast = (page: Page) => page.getByTestId("toast");

// Each test drives an admin and a visitor through several server renders and puts everything back: more than the
// suite's default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

test("the admin creates a page: it is in the footer and opens at its own address in English and Spanish", async ({ page, browser, baseURL }) => {
  const admin = await openAdmin(browser, baseURL!);
  await admin.goto("/admin/pages");
  await admin.getByTestId("new-page").click();
  await expect(admin.getByRole("heading", { name: "New page" })).toBeVisible();
  await admin.getByLabel("Title (English)").fill("Care Guide");
  await admin.getByLabel("Title (Spanish)").fill("Guía de cuidados");
  await admin.getByLabel("Address in English").fill("Care Guide");
  await admin.getByLabel("Address in Spanish").fill("guia-de-cuidados");
  await admin.getByLabel("Status").selectOption("published");
  await expect(admin.getByRole("checkbox", { name: "Footer" })).toBeChecked();
  await admin.getByTestId("content-en").locator(".ql-editor").fill("Wipe leather with a dry cloth.");
  await admin.getByTestId("content-es").locator(".ql-editor").fill("Limpia la piel con un paño seco.");
  // The slug rule is told on its field, and nothing is made.
  await admin.getByRole("button", { name: "Create page" }).click();
  await expect(admin.getByTestId("page-slugEn-error")).toContainText("“Care Guide” is not a valid address");
  await admin.getByLabel("Address in English").fill("care-guide");
  await admin.getByRole("button", { name: "Create page" }).click();
  await expect(admin.getByRole("heading", { name: "Edit page: Care Guide" })).toBeVisible();

  try {
    await page.goto("/");
    const footerLink = page.getByTestId("footer-customer-service").getByRole("link", { name: "Care Guide" });
    await expect(footerLink).toHaveAttribute("href", "/page/care-guide");
    await footerLink.click();
    await expect(page).toHaveURL(/\/page\/care-guide$/);
    await expect(page.getByRole("heading", { level: 1, name: "Care Guide" })).toBeVisible();
    await expect(page.locator("main article")).toContainText("Wipe leather with a dry cloth.");
    await expect(page).toHaveTitle("Care Guide - Vitrina");
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", /\/es\/page\/guia-de-cuidados$/);

    // The language switch keeps the page: the Spanish address is the Spanish slug.
    await page.getByTestId("language-switch").selectOption("es");
    await expect(page).toHaveURL(/\/es\/page\/guia-de-cuidados$/);
    await expect(page.getByRole("heading", { level: 1, name: "Guía de cuidados" })).toBeVisible();
    await expect(page.locator("main article")).toContainText("Limpia la piel con un paño seco.");
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/page\/care-guide$/);
    await expect(page.getByTestId("footer-customer-service").getByRole("link", { name: "Guía de cuidados" })).toHaveAttribute("href", "/es/page/guia-de-cuidados");
    // The sitemap lists it at both addresses.
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/page/care-guide</loc>");
    expect(sitemap).toContain("/es/page/guia-de-cuidados</loc>");
  } finally {
    await admin.goto("/admin/pages");
    const row = admin.getByTestId("page-row-care-guide");
    await row.getByRole("button", { name: "Delete: Care Guide" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(admin)).toContainText("Page deleted.");
    await expect(row).toHaveCount(0);
    await admin.context().close();
  }
  expect((await page.goto("/page/care-guide"))?.status()).toBe(404);
});

test("a legal template is a draft marked for review, not public until the owner publishes it", async ({ page, browser, baseURL }) => {
  for (const path of ["/page/privacy-policy", "/es/page/politica-de-privacidad"]) expect((await page.goto(path))?.status(), path).toBe(404);
  // The shop remembers the Spanish just visited (a cookie): start the English checks below without it.
  await page.context().clearCookies();
  await page.goto("/");
  await expect(page.getByTestId("footer-customer-service").getByRole("link", { name: "Privacy Policy" })).toHaveCount(0);

  // In Spanish (a context of its own: the shop remembers the language chosen, and the rest is in English).
  const adminEs = await openAdmin(browser, baseURL!);
  await adminEs.goto("/es/admin/pages");
  const rowEs = adminEs.getByTestId("page-row-privacy-policy");
  await expect(rowEs).toContainText("Borrador");
  await expect(rowEs.getByTestId("review-mark")).toHaveText("Revisar antes de publicar");
  await adminEs.context().close();

  const admin = await openAdmin(browser, baseURL!);
  await admin.goto("/admin/pages");
  const row = admin.getByTestId("page-row-privacy-policy");
  await expect(row).toContainText("Draft");
  await expect(row.getByTestId("review-mark")).toHaveText("Review before publishing");
  await row.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(admin.getByTestId("template-notice")).toBeVisible();
  // Filled in from the settings when it was made: the shop's email is in the text.
  await expect(admin.getByTestId("content-en").locator(".ql-editor")).toContainText("hello@vitrina.example");
  await admin.getByLabel("Status").selectOption("published");
  await admin.getByRole("button", { name: "Save Content" }).click();
  await expect(toast(admin)).toContainText("Page content saved successfully.");

  try {
    expect((await page.goto("/page/privacy-policy"))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    expect((await page.goto("/es/page/politica-de-privacidad"))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Política de privacidad" })).toBeVisible();
    await expect(page.getByTestId("footer-customer-service").getByRole("link", { name: "Política de privacidad" })).toBeVisible();
    // A fresh tab of the same admin: the editor's tab is left as it is.
    const list = await admin.context().newPage();
    await list.goto("/admin/pages");
    await expect(list.getByTestId("page-row-privacy-policy").getByTestId("review-mark")).toHaveCount(0);
  } finally {
    const editor = await admin.context().newPage();
    await editor.goto("/admin/pages");
    await editor.getByTestId("page-row-privacy-policy").getByRole("link", { name: "Privacy Policy" }).click({ timeout: 30_000 });
    await editor.getByLabel("Status").selectOption("draft");
    await editor.getByRole("button", { name: "Save Content" }).click();
    await expect(toast(editor)).toContainText("Page content saved successfully.");
    await admin.context().close();
  }
  expect((await page.goto("/page/privacy-policy"))?.status()).toBe(404);
});

test("a social link the owner removes leaves the footer; a bad address is refused on its field", async ({ page, browser, baseURL }) => {
  const twitter = () => page.getByTestId("site-footer").getByRole("link", { name: "Vitrina on Twitter (opens in a new tab)" });
  await page.goto("/");
  await expect(twitter()).toHaveCount(1);
  const admin = await openAdmin(browser, baseURL!);
  await admin.goto("/admin/footer");
  const card = admin.getByTestId("footer-details");
  const twitterField = card.getByLabel("X (Twitter) address");
  const saved = await twitterField.inputValue();
  await card.getByLabel("Facebook address").fill("http://facebook.com/vitrina");
  await card.getByRole("button", { name: "Save details" }).click();
  await expect(admin.getByTestId("footer-facebook-error")).toHaveText("“http://facebook.com/vitrina” is not an https address.");
  await card.getByLabel("Facebook address").fill("https://www.facebook.com/vitrina");
  await twitterField.fill("");
  await card.getByRole("button", { name: "Save details" }).click();
  await expect(toast(admin)).toContainText("Footer details saved.");
  try {
    await page.reload();
    await expect(twitter()).toHaveCount(0);
    await expect(page.getByTestId("site-footer").getByRole("link", { name: "Vitrina on Facebook (opens in a new tab)" })).toHaveAttribute("href", "https://www.facebook.com/vitrina");
    await page.goto("/es");
    await expect(page.getByTestId("footer-location")).toHaveText("Valencia, España");
    await expect(page.getByTestId("site-footer").getByRole("link", { name: "Vitrina en Twitter (se abre en una pestaña nueva)" })).toHaveCount(0);
  } finally {
    await admin.reload();
    await admin.getByTestId("footer-details").getByLabel("X (Twitter) address").fill(saved);
    await admin.getByTestId("footer-details").getByRole("button", { name: "Save details" }).click();
    await expect(toast(admin)).toContainText("Footer details saved.");
    await admin.context().close();
  }
});

test("on a 390 px phone the pages admin, a page's editor and the footer form fit the screen, in both languages", async ({ browser, baseURL }) => {
  const admin = await openAdmin(browser, baseURL!);
  await admin.setViewportSize({ width: 390, height: 844 });
  // English first: once a Spanish address is opened the shop remembers Spanish.
  for (const path of ["/admin/pages", "/admin/pages/page_about", "/admin/footer", "/es/admin/pages", "/es/admin/pages/new", "/es/admin/footer"]) {
    await admin.goto(path);
    await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(admin, path);
  }
  await admin.context().close();
});
