import { expect, test, type Locator, type Page } from "@playwright/test";
import { cartLine, catalogVariants, openDrawer, putCart } from "./checkout-support";

/*
 * docs/product.md#toasts: a toast never covers a primary action. A toast raised while the cart drawer is open (here the
 * "Checkout Error" of a checkout whose request never reached the shop, as on a dropped connection) leaves the
 * drawer's Proceed to Checkout clickable at once, on a desktop and on a phone, in both languages.
 */

const cases = [
  { locale: "en", width: 1280, height: 800, checkout: "Proceed to Checkout", toastTitle: "Checkout Error" },
  { locale: "es", width: 390, height: 844, checkout: "Proceder al pago", toastTitle: "Error en el pago" },
  { locale: "en", width: 390, height: 844, checkout: "Proceed to Checkout", toastTitle: "Checkout Error" },
  { locale: "es", width: 1280, height: 800, checkout: "Proceder al pago", toastTitle: "Error en el pago" },
] as const;

/** What a click at the middle of `target` would hit is the target itself (nothing lies on top of it). */
async function topmostAtCentre(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  return page.evaluate(
    ({ x, y, label }) => {
      const hit = document.elementFromPoint(x, y);
      return hit?.closest("button")?.textContent?.includes(label) ?? false;
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, label: (await target.textContent())!.trim() },
  );
}

for (const c of cases) {
  test(`a toast shown over the open drawer leaves Proceed to Checkout clickable (${c.locale}, ${c.width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width: c.width, height: c.height });
    const [entry] = await catalogVariants(request);
    await page.goto(c.locale === "es" ? "/es" : "/");
    await putCart(page, [cartLine(entry)]);
    const drawer = await openDrawer(page);
    const button = drawer.getByRole("button", { name: c.checkout });

    // The server action's request fails as on a dropped connection: the drawer stays open and says so in a toast.
    await page.route("**/*", (route) => (route.request().method() === "POST" && route.request().headers()["next-action"] ? route.abort() : route.continue()));
    await button.click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText(c.toastTitle);
    await expect(button).toBeEnabled();

    const toastBox = (await toast.boundingBox())!;
    const buttonBox = (await button.boundingBox())!;
    const overlaps =
      toastBox.x < buttonBox.x + buttonBox.width && buttonBox.x < toastBox.x + toastBox.width && toastBox.y < buttonBox.y + buttonBox.height && buttonBox.y < toastBox.y + toastBox.height;
    expect(overlaps, `toast ${JSON.stringify(toastBox)} and button ${JSON.stringify(buttonBox)}`).toBe(false);
    // Clickable at once, while the toast still shows: a click at the button's middle lands on the button.
    expect(await topmostAtCentre(page, button)).toBe(true);
    await expect(toast).toBeVisible();
  });
}
