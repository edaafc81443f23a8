import { expect, test } from "@playwright/test";

test.describe("language", () => {
  test("the switch changes the text, moves under /es, survives a reload, and switching back removes /es", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Store", exact: true })).toBeVisible();

    await page.getByTestId("language-switch").selectOption("es");
    await expect(page).toHaveURL(/\/es\/about$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const nav = page.getByRole("navigation", { name: "Navegación principal" });
    await expect(nav.getByRole("link", { name: "Tienda", exact: true })).toHaveAttribute("href", "/es/store");
    await expect(page.getByTestId("site-footer")).toContainText("Todos los derechos reservados.");

    await page.reload();
    await expect(page).toHaveURL(/\/es\/about$/);
    await expect(nav.getByRole("link", { name: "Tienda", exact: true })).toBeVisible();

    // The cookie remembers the choice: the bare home page sends a Spanish shopper to /es.
    await page.goto("/");
    await expect(page).toHaveURL(/\/es$/);

    await page.getByTestId("language-switch").selectOption("en");
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/about");
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  });

  test("the switch keeps the current page and its query", async ({ page }) => {
    await page.goto("/search?q=bolso");
    await page.getByTestId("language-switch").selectOption("es");
    await expect(page).toHaveURL(/\/es\/search\?q=bolso$/);
  });

  test("icon buttons are named in the page's language", async ({ page }) => {
    await page.goto("/es/about");
    await expect(page.getByRole("button", { name: "Abrir carrito" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Buscar productos" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Inicio de Vitrina" })).toHaveAttribute("href", "/es");
  });
});

test.describe("first visit", () => {
  test.use({ locale: "es-ES", extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" } });

  test("a browser asking for Spanish gets the Spanish shop", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
  });
});

test.describe("404 page", () => {
  test("an unknown path answers 404 with the English page", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("Sorry, the page you are looking for does not exist.")).toBeVisible();
    await expect(page).toHaveTitle(/Vitrina/);
    await page.getByRole("link", { name: "Go Back Home" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test("an unknown path under /es answers 404 in Spanish", async ({ page }) => {
    const response = await page.goto("/es/no/existe");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/es");
  });

  test("a path outside the locale routes still gets the 404 page", async ({ page }) => {
    const response = await page.goto("/missing-file.txt");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });
});

test.describe("search engines", () => {
  test("pages carry hreflang alternates and a canonical link", async ({ page }) => {
    await page.goto("/es/contact");
    const alternates = page.locator('link[rel="alternate"][hreflang]');
    await expect(alternates).toHaveCount(3);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/contact$/);
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", /\/es\/contact$/);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", /localhost:\d+\/contact$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/es\/contact$/);
  });
});
