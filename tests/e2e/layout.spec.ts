import { expect, test, type Page } from "@playwright/test";
import { waitForEntrances } from "./page-fit";

// A real demo variant: the drawer refreshes stored lines from the catalog and drops unknown variants.
const storedLine = {
  productId: "prod_demo_01",
  productTitle: "Marlowe Leather Tote",
  variantId: "var_demo_01_b",
  variantTitle: "Black",
  imageUrl: null,
  unitPriceCents: 18900,
  currency: "EUR",
  quantity: 2,
};

/** Puts a cart in localStorage before the first page script runs, as a previous visit would have left it. */
async function withStoredCart(page: Page, value: string) {
  await page.addInitScript((raw) => {
    if (!sessionStorage.getItem("e2e-cart-set")) {
      localStorage.setItem("cart", raw);
      sessionStorage.setItem("e2e-cart-set", "1");
    }
  }, value);
}

test.describe("header", () => {
  test("logo and desktop navigation lead to their pages", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle(/Vitrina/);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    for (const [name, href] of [
      ["Store", "/store"],
      ["Categories", "/categories"],
      // The pages' own titles, as the owner named them (docs/product.md#header).
      ["About Us", "/about"],
      ["Contact", "/contact"],
      ["Blog", "/blog"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await nav.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByRole("link", { name: "Vitrina home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("search: blank text does nothing, text opens /search?q=", async ({ page }) => {
    await page.goto("/about");
    const search = page.getByRole("combobox", { name: "Search products" });
    await search.fill("   ");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/about$/);
    await search.fill("reloj dorado");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=reloj(\+|%20)dorado$/);
  });

  test("mobile: the search field is in the header, the hamburger toggles the navigation", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    await expect(page.getByTestId("desktop-nav")).toBeHidden();
    await expect(page.getByRole("banner").getByRole("combobox", { name: "Search products" })).toBeVisible();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu.getByRole("link", { name: "Store", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole("link", { name: "Blog", exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
  });
});

test.describe("product grid on a phone", () => {
  test("two cards to a row, each fetching a picture sized for half the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/store");
    const cards = page.getByTestId("product-grid").locator("article");
    await waitForEntrances(cards, 2);
    // Read in one frame: the page's fade-in may still be moving the grid between two separate reads.
    const [first, second] = await cards.evaluateAll((all) => all.slice(0, 2).map((card) => card.getBoundingClientRect().toJSON()));
    expect(second.top).toBe(first.top);
    expect(second.left).toBeGreaterThan(first.right);
    expect(first.width).toBeLessThan(195);
    // One device pixel per CSS pixel: a 175-px card is served the 384-px variant, not the 640-px one.
    const picture = cards.first().locator("img");
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain("/i/384/");
  });
});

test.describe("page fade-in (docs/product.md#animations)", () => {
  const mainAnimation = (page: Page) => page.locator("#main-content").evaluate((main) => getComputedStyle(main).animationName);

  test("the first load shows the content at once; moving to another page fades the new content in", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await mainAnimation(page)).toBe("none");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Store", exact: true }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect.poll(() => mainAnimation(page)).toBe("vitrina-fade-in");
  });

  test("nothing fades for a visitor who asks for reduced motion", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/about");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Store", exact: true }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await mainAnimation(page)).toBe("none");
    await context.close();
  });
});

test.describe("cart button and drawer", () => {
  test("the badge is hidden while the cart is empty", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open cart" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("the badge shows the total quantity of a stored cart", async ({ page }) => {
    await withStoredCart(page, JSON.stringify([storedLine, { ...storedLine, variantId: "var_demo_01_a", variantTitle: "Cognac", quantity: 1 }]));
    await page.goto("/");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
    await expect(page.getByRole("button", { name: "Open cart, 3 items" })).toBeVisible();
  });

  test("a cart value broken by hand does not break the page", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await withStoredCart(page, JSON.stringify([{ nonsense: true }, storedLine, "x"]).slice(0, -3) + "garbage");
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Vitrina home" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await page.getByRole("button", { name: "Open cart" }).click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a stored cart with some unreadable lines keeps the good ones", async ({ page }) => {
    await withStoredCart(page, JSON.stringify([{ nonsense: true }, storedLine, { ...storedLine, variantId: "v-bad", quantity: -4 }, 7]));
    await page.goto("/");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await page.getByRole("button", { name: /Open cart/ }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
  });

  test("checkout from a non-empty cart asks a visitor to register first", async ({ page }) => {
    await withStoredCart(page, JSON.stringify([storedLine]));
    await page.goto("/");
    await page.getByRole("button", { name: /Open cart/ }).click();
    await page.getByRole("dialog", { name: "Shopping Cart" }).getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page.getByRole("dialog", { name: "Shopping Cart" })).toBeHidden();
    const notice = page.getByTestId("auth-notice");
    await expect(notice).toContainText("Authentication Required");
    await expect(notice).toContainText("Please create an account or log in to proceed with checkout.");
  });

  test("opens from the header and closes by clicking the dimmed overlay", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByTestId("sheet-overlay")).toBeVisible();
    // The overlay covers the page left of the drawer.
    await page.mouse.click(20, 400);
    await expect(drawer).toBeHidden();
  });

  test("lines: plus, minus stopping at 1, remove, total, and the empty-cart checkout toast", async ({ page }) => {
    await withStoredCart(page, JSON.stringify([{ ...storedLine, quantity: 1 }]));
    await page.goto("/");
    await page.getByRole("button", { name: /Open cart/ }).click();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
    const line = drawer.getByTestId("cart-line");
    await expect(line.getByText("Marlowe Leather Tote")).toBeVisible();
    await expect(line.getByText("Black")).toBeVisible();
    await expect(line.getByText("€189.00")).toBeVisible();
    const minus = line.getByRole("button", { name: "Decrease quantity of Marlowe Leather Tote" });
    await expect(minus).toBeDisabled();
    await line.getByRole("button", { name: "Increase quantity of Marlowe Leather Tote" }).click();
    await expect(line.getByTestId("cart-line-quantity")).toHaveText("2");
    await expect(drawer.getByTestId("cart-total")).toHaveText("€378.00");
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await minus.click();
    await expect(line.getByTestId("cart-line-quantity")).toHaveText("1");
    await expect(minus).toBeDisabled();

    // Saved on every change: a reload shows the same line.
    await page.reload();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.getByRole("button", { name: /Open cart/ }).click();
    await drawer.getByRole("button", { name: "Remove" }).click();
    await expect(drawer.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Empty Cart");
    await expect(toast).toContainText("Your cart is empty.");
  });
});

test.describe("footer", () => {
  test("brand, links from footer content, contact block, social links, copyright and taxes note", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByTestId("site-footer");
    await expect(footer.getByTestId("footer-customer-service").getByRole("link").first()).toBeVisible();
    await expect(footer.getByTestId("footer-categories").getByRole("link").first()).toBeVisible();
    const contact = footer.getByTestId("footer-contact");
    await expect(contact.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    // The demo's location and social links, as an owner would have entered them (docs/product.md#admin-footer).
    await expect(contact).toContainText("Valencia, Spain");
    for (const network of ["Facebook", "Instagram", "Twitter"]) {
      const link = footer.getByRole("link", { name: `Vitrina on ${network} (opens in a new tab)` });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("href", new RegExp(`^https://(www\\.)?${network.toLowerCase()}\\.com/`));
    }
    // The year is the current one, not a fixed number.
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Vitrina. All rights reserved.`);
    await expect(footer).toContainText("All prices include taxes.");
  });
});

test.describe("toasts", () => {
  test("the newsletter form requires an email and answers 'Subscribed!', asking to confirm from the inbox", async ({ page }) => {
    await page.goto("/");
    const form = page.getByTestId("newsletter-form");
    const email = form.getByRole("textbox", { name: "Email address" });
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await email.fill("shopper@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Subscribed!");
    // docs/product.md#newsletter: double opt-in, the confirmation flow itself is tests/e2e/self-service.spec.ts.
    await expect(toast).toContainText("Check your inbox and follow the link we sent to confirm your subscription.");
    await expect(email).toHaveValue("");
  });

  test("only one toast is visible: a new one replaces the old, then it goes away by itself", async ({ page }) => {
    await page.goto("/");
    const form = page.getByTestId("newsletter-form");
    const email = form.getByRole("textbox", { name: "Email address" });
    await email.fill("one@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await email.fill("two@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await page.getByRole("button", { name: "Open cart" }).click();
    await page.getByRole("dialog", { name: "Shopping Cart" }).getByRole("button", { name: "Proceed to Checkout" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText("Empty Cart");
    // Auto-dismiss: gone without any click.
    await expect(toast).toHaveCount(0, { timeout: 15_000 });
  });

  test("F8 moves focus to the notification area", async ({ page }) => {
    await page.goto("/");
    const form = page.getByTestId("newsletter-form");
    await form.getByRole("textbox", { name: "Email address" }).fill("f8@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("toast")).toBeVisible();
    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).locator("ol")).toBeFocused();
  });
});
