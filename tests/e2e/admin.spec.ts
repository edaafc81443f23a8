import { expect, test, type Page } from "@playwright/test";
import { ownAdminShop } from "./admin-support";

/*
 * What the back-office must show, on a shop server of its own (an admin is created with admin:create before it
 * starts, as the accounts specs do). Each test signs in through the auth dialog like the shop owner would.
 */

const admin = { email: "admin.e2e@example.com", password: "admin-password-1", name: "Back Office" };
const shop = ownAdminShop(60, admin);

const toast = (page: Page) => page.getByTestId("toast");

const signInAsAdmin = shop.signIn;

test("dashboard: figures from the database, a 30-day chart, the side menu; unknown pages show the dashboard", async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByTestId("dashboard-revenue")).toContainText("Net revenue");
  await expect(page.getByTestId("dashboard-revenue").getByTestId("figure")).toHaveText(/€\d/);
  await expect(page.getByTestId("dashboard-sales")).toContainText("Total Sales");
  // The admin made with admin:create is a registered user: at least 1.
  await expect(page.getByTestId("dashboard-users").getByTestId("figure")).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId("sales-bar")).toHaveCount(30);
  const nav = page.getByTestId("admin-nav");
  for (const name of ["Dashboard", "Homepage", "Orders", "Products", "Categories", "Pages", "Footer", "Audit log"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: /Dropshipping supplier/ })).toHaveAttribute("target", "_blank");
  const robots = await page.locator('meta[name="robots"]').getAttribute("content");
  expect(robots).toContain("noindex");

  await page.goto(`${shop.baseURL}/admin/no-such-page`);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await page.goto(`${shop.baseURL}/es/admin`);
  await expect(page.getByText("Ingresos netos")).toBeVisible();
});

test("categories: add with the slug rule, edit, refuse a duplicate slug, delete after confirming", async ({ page }) => {
  await signInAsAdmin(page, "/admin/categories");
  await page.getByRole("button", { name: "Add New" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Add New Category" })).toBeVisible();
  await dialog.getByLabel("Category Name (EN)").fill("  Summer  Bags__2026!! ");
  await expect(dialog.getByLabel("Category Slug")).toHaveValue("summer-bags-2026");
  await dialog.getByLabel("Category Name (ES)").fill("Bolsos de verano");
  await dialog.getByLabel("Description (EN)").fill("Light bags for hot days");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Category created successfully.");
  await expect(dialog).toBeHidden();
  const row = page.locator('[data-testid="category-row"][data-slug="summer-bags-2026"]');
  await expect(row).toContainText("Bags__2026!!");
  await expect(row).toContainText("Light bags for hot days");

  // Edit: the dialog is titled for editing and keeps the slug unless changed by hand.
  await row.getByRole("button", { name: /^Edit / }).click();
  await expect(dialog.getByRole("heading", { name: "Edit Category" })).toBeVisible();
  await dialog.getByLabel("Category Name (EN)").fill("Summer Bags");
  await expect(dialog.getByLabel("Category Slug")).toHaveValue("summer-bags-2026");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Category updated successfully.");
  await expect(row).toContainText("Summer Bags");

  // A second category with the same slug is refused with a clear message.
  await page.getByRole("button", { name: "Add New" }).click();
  await dialog.getByLabel("Category Name (EN)").fill("Summer bags 2026");
  await dialog.getByLabel("Category Slug").fill("summer-bags-2026");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Error saving category");
  await expect(toast(page)).toContainText('slug "summer-bags-2026" already exists');
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator('[data-testid="category-row"][data-slug="summer-bags-2026"]')).toHaveCount(1);

  await row.getByRole("button", { name: /^Delete / }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this category?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Category deleted successfully.");
  await expect(page.locator('[data-testid="category-row"][data-slug="summer-bags-2026"]')).toHaveCount(0);
});

test("pages: edit /about in the Quill editor, save, and see it on the page", async ({ page }) => {
  await signInAsAdmin(page, "/admin/pages");
  await page.getByTestId("page-row-about").getByRole("link", { name: "About Us" }).click();
  await expect(page.getByRole("heading", { name: "Edit page: About Us" })).toBeVisible();
  const editor = page.getByTestId("page-editor-about").getByTestId("content-en").locator(".ql-editor");
  await expect(editor).toBeVisible();
  // The pages' toolbar is there (docs/product.md#admin-pages: headers, lists, link, image, video, clean).
  const toolbar = page.getByTestId("page-editor-about").getByTestId("content-en").locator(".ql-toolbar");
  for (const button of [".ql-bold", ".ql-italic", ".ql-underline", ".ql-strike", ".ql-blockquote", ".ql-link", ".ql-image", ".ql-video", ".ql-clean"]) {
    await expect(toolbar.locator(button)).toHaveCount(1);
  }
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Made by hand in Valencia since 2026.");
  await page.getByRole("button", { name: "Save Content" }).click();
  await expect(toast(page)).toContainText("Page content saved successfully.");
  await page.goto(`${shop.baseURL}/about`);
  await expect(page.getByText("Made by hand in Valencia since 2026.")).toBeVisible();
});

test("homepage: hero titles per language show on the home page", async ({ page }) => {
  await signInAsAdmin(page, "/admin/homepage");
  const hero = page.getByTestId("homepage-hero");
  await hero.getByLabel("Title (English)", { exact: true }).fill("Spring arrivals are here");
  await hero.getByLabel("Title (Spanish)", { exact: true }).fill("Llegan las novedades de primavera");
  await hero.getByRole("button", { name: "Save Hero Section" }).click();
  await expect(toast(page)).toContainText("Hero content saved successfully.");
  await page.goto(`${shop.baseURL}/`);
  await expect(page.getByRole("heading", { name: "Spring arrivals are here" })).toBeVisible();
  await page.goto(`${shop.baseURL}/es`);
  await expect(page.getByRole("heading", { name: "Llegan las novedades de primavera" })).toBeVisible();
});

test("footer: a javascript: link is refused; a new link is saved and shown in both languages", async ({ page }) => {
  await signInAsAdmin(page, "/admin/footer");
  const card = page.getByTestId("footer-customer_service");
  const rowsBefore = await card.getByTestId("footer-link-row").count();
  await card.getByRole("button", { name: "Add Link" }).click();
  const row = card.getByTestId("footer-link-row").nth(rowsBefore);
  await expect(row.getByLabel("URL")).toHaveAttribute("placeholder", "/contact");
  await expect(row.getByLabel("Label (EN)")).toHaveValue("");
  await row.getByLabel("Label (EN)").fill("Gift cards");
  await row.getByLabel("Label (ES)").fill("Tarjetas regalo");
  await row.getByLabel("URL").fill("javascript:alert(document.cookie)");
  await card.getByRole("button", { name: "Save Section" }).click();
  await expect(toast(page)).toContainText("Error saving customer service links");
  await expect(toast(page)).toContainText("is not allowed");

  await row.getByLabel("URL").fill("/gift-cards");
  await card.getByRole("button", { name: "Save Section" }).click();
  await expect(toast(page)).toContainText("customer service links saved successfully.");
  await page.goto(`${shop.baseURL}/`);
  await expect(page.locator("footer").getByRole("link", { name: "Gift cards" })).toHaveAttribute("href", "/gift-cards");
  await page.goto(`${shop.baseURL}/es`);
  await expect(page.locator("footer").getByRole("link", { name: "Tarjetas regalo" })).toHaveAttribute("href", "/es/gift-cards");
});

test("orders, products and audit pages answer; every change above is in the audit log", async ({ page }) => {
  await signInAsAdmin(page, "/admin/orders");
  await expect(page.getByRole("heading", { name: "Manage Orders" })).toBeVisible();
  await expect(page.getByText("No orders found.").or(page.getByTestId("orders-table"))).toBeVisible();
  await page.goto(`${shop.baseURL}/admin/products?q=watch`);
  await expect(page.getByTestId("product-row").first()).toBeVisible();
  await page.goto(`${shop.baseURL}/admin/audit`);
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toContainText(admin.email);
  await expect(page.getByTestId("audit-table")).toContainText("footer customer_service");
  // A page is named by its id, which outlives a change of slug.
  await expect(page.getByTestId("audit-table")).toContainText("page page_about");
  await expect(page.getByTestId("audit-table")).toContainText("homepage hero");
});

test("on a 390 px phone a wide list scrolls sideways in a box of its own; the page itself never does", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, "/admin/audit");
  const pageWidth = async () => {
    // Web fonts change the width of the text: measure once they are in.
    await page.evaluate(() => document.fonts.ready);
    return page.evaluate(() => document.documentElement.scrollWidth);
  };
  // The audit log of the tests above is wider than a phone: its last column starts out of sight and is reached by
  // scrolling the list, not the page.
  const table = page.getByTestId("audit-table");
  const firstHeader = table.getByRole("columnheader", { name: "When" });
  const lastHeader = table.getByRole("columnheader", { name: "Before → after" });
  await expect(lastHeader).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  // Bring the list up without touching its own sideways scroll.
  await table.evaluate((element) => window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 80 }));
  await expect(firstHeader).toBeInViewport();
  await expect(lastHeader).not.toBeInViewport();
  await table.evaluate((element) => element.parentElement!.scrollTo({ left: element.scrollWidth }));
  await expect(lastHeader).toBeInViewport();
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  for (const [path, testId] of [
    ["/admin/products", "products-table"],
    ["/admin/taxes", "tax-rates"],
    ["/admin/roles", "roles-table"],
    ["/admin/orders", "orders-table"],
  ]) {
    await page.goto(`${shop.baseURL}${path}`);
    await expect(page.getByTestId(testId).or(page.getByText("No orders found."))).toBeVisible();
    expect(await pageWidth(), path).toBeLessThanOrEqual(390);
  }
});
