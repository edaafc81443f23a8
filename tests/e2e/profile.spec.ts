import { expect as baseExpect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { withShopAndMailSink } from "./accounts-support";
import { openAdmin } from "./admin-support";
import { address, catalogVariants, signUpCustomer } from "./checkout-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * The profile page (docs/product.md#profile, #account-details, #two-factor-sign-in) on a server of its own whose mail
 * goes to an SMTP sink: the orders first, a page at a time and never clipped (at 1280 and 390 px, in English and
 * Spanish); the name, the email (changed only by the mailed link) and the password (which signs the other devices
 * out); the devices in words.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 45;
const baseURL = `http://localhost:${port}`;
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000, mode: "serial" });
test.use({ baseURL });

const admin = { email: "profile-admin@vitrina-e2e.test", password: "profile-admin-pass-1", name: "Profile Admin" };
const servers = withShopAndMailSink({ port, admins: [admin], env: { CHECKOUT_RATE_LIMIT_ACCOUNT: "1000" } });
const password = "checkout-pass-1";
const windowsChrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const iphoneSafari = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1";

const texts = {
  en: { history: "Order History", order: "Order #", next: "Next", returnItems: "Return items", buyAgain: "Buy again", page: "Page 2 of 2" },
  es: { history: "Historial de pedidos", order: "Pedido n.º ", next: "Siguiente", returnItems: "Devolver artículos", buyAgain: "Volver a comprar", page: "Página 2 de 2" },
};

/** A paid order of one unit through the commerce API and the demo payment's plain form post; answers its id. */
async function paidOrder(page: Page, variantId: string): Promise<string> {
  const checkout = await page.request.post("/api/store/main/checkout", {
    data: { items: [{ variant_id: variantId, quantity: 1 }], successUrl: `${baseURL}/success`, cancelUrl: `${baseURL}/store`, locale: "en" },
    headers: { origin: baseURL },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = decodeURIComponent(new URL(url).pathname.split("/").pop()!);
  const pay = await page.request.post(`/api/payments/demo/${encodeURIComponent(sessionId)}/pay`, {
    form: address,
    headers: { origin: baseURL, referer: url },
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(303);
  return new URL(pay.headers().location!, baseURL).searchParams.get("order_id")!;
}

/** A browser of its own at `width`, signed in as `email` by the page itself, so the session has the browser's User-Agent. */
async function signedIn(browser: Browser, email: string, width: number, pass = password, userAgent?: string) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width > 500 ? 800 : 844 }, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await page.goto("/");
  const status = await page.evaluate(
    async (body) => (await fetch("/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).status,
    { email, password: pass },
  );
  expect(status).toBe(200);
  return page;
}

/** Shown in full: inside the window sideways, and what is drawn at its centre is the element itself (not clipped). */
async function expectFullyVisible(page: Page, element: Locator) {
  await element.scrollIntoViewIfNeeded();
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  })).toBe(true);
}

let shopper = "";
let shippedOrder = "";

test("eleven paid orders, the newest shipped", async ({ page, browser }) => {
  await page.goto("/");
  shopper = await signUpCustomer(page, "profile");
  const variants = (await catalogVariants(page.request)).filter((v) => !v.variant.manage_inventory || v.variant.inventory_quantity >= 20);
  expect(variants.length).toBeGreaterThan(0);
  const ids: string[] = [];
  for (let i = 0; i < 11; i++) ids.push(await paidOrder(page, variants[i % variants.length].variant.id));
  shippedOrder = ids.at(-1)!;
  const staff = await openAdmin(browser, baseURL, admin);
  await staff.goto(`/admin/orders/${shippedOrder}`);
  await staff.getByRole("button", { name: "Mark as shipped" }).click();
  const dialog = staff.getByTestId("tracking-dialog");
  await dialog.getByLabel("Tracking number").fill(`PQ${Date.now()}ES`);
  await dialog.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(staff.getByTestId("order-status")).toHaveAttribute("data-status", "shipped");
  await staff.context().close();
});

for (const locale of ["en", "es"] as const) {
  for (const width of [1280, 390]) {
    test(`${locale} at ${width} px: orders come first, ten to a page, each shown in full; security follows the details`, async ({ browser }) => {
      const t = texts[locale];
      const page = await signedIn(browser, shopper, width);
      await page.goto(`/${locale}/profile`);
      await expect(page.getByText(t.history, { exact: true })).toBeVisible();
      const orders = page.getByTestId("order");
      await expect(orders).toHaveCount(10);

      // The order of the cards: orders, account details, then two-factor sign-in and the devices.
      const tops = await Promise.all(
        [page.getByTestId("order-history"), page.getByTestId("account-details"), page.locator("#two-factor"), page.locator("#devices")].map(async (l) => (await l.boundingBox())!.y),
      );
      expect([...tops].sort((a, b) => a - b)).toEqual(tops);

      // The shipped order is the newest: its Return items, Buy again and address are on the page, not clipped.
      const shipped = orders.filter({ hasText: `${t.order}${shippedOrder}` });
      await expect(orders.first()).toContainText(`${t.order}${shippedOrder}`);
      await expectFullyVisible(page, shipped.getByRole("button", { name: t.returnItems }));
      await expectFullyVisible(page, shipped.getByRole("button", { name: t.buyAgain }));
      await expectFullyVisible(page, shipped.getByText(address.address));
      await expectFullyVisible(page, orders.last().getByRole("button", { name: t.buyAgain }));
      await expectNoSidewaysScroll(page);

      await page.getByRole("link", { name: t.next }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale === "en" ? "" : "es/"}profile\\?page=2$`));
      await expect(page.getByText(t.page)).toBeVisible();
      await expect(page.getByTestId("order")).toHaveCount(1);
      await expect(page.getByTestId("order").getByText(address.address)).toBeVisible();
      await page.context().close();
    });
  }
}

test("en: devices in words, this one marked; a password change needs the current one and signs every other device out", async ({ browser }) => {
  const page = await signedIn(browser, shopper, 1280, password, windowsChrome);
  const other = await signedIn(browser, shopper, 390, password, iphoneSafari);
  await page.goto("/profile");
  const devices = page.getByTestId("device-session");
  const current = devices.and(page.locator("[data-current=true]"));
  await expect(current).toHaveCount(1);
  await expect(current).toContainText("This device");
  await expect(current.getByTestId("device-name")).toHaveText("Chrome on Windows");
  await expect(current.getByTestId("device-address")).toHaveText("Local connection");
  await expect(devices.first()).toHaveAttribute("data-current", "true");
  await expect(devices.getByTestId("device-name").filter({ hasText: "Safari on iPhone" })).toHaveCount(1);

  const form = page.getByTestId("password-form");
  await form.getByLabel("Current password", { exact: true }).fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill("brand-new-pass-2");
  await form.getByLabel("Confirm new password").fill("brand-new-pass-2");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByTestId("password-form-note")).toHaveText("The current password is not correct. Nothing was changed.");
  await other.goto("/profile");
  await expect(other.getByTestId("order-history")).toBeVisible();

  await form.getByLabel("Current password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByTestId("password-form-note")).toHaveText("Your password is changed. Every other device was signed out.");
  await expect(devices).toHaveCount(1);
  await expect(page.getByText("No other devices.")).toBeVisible();
  // The other device is signed out: /profile sends it to sign in; this one stays.
  await other.goto("/profile");
  await expect(other.getByTestId("auth-dialog")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("order-history")).toBeVisible();

  // "Sign out all other devices" ends a device signed in after the change.
  const third = await signedIn(browser, shopper, 390, "brand-new-pass-2");
  await page.reload();
  await expect(devices).toHaveCount(2);
  await page.getByTestId("revoke-other-sessions").click();
  await expect(devices).toHaveCount(1);
  await third.goto("/profile");
  await expect(third.getByTestId("auth-dialog")).toBeVisible();
  for (const p of [page, other, third]) await p.context().close();
});

test("es at 390 px: a new name is saved; a new address, asked with the password, changes only when the link mailed to it is followed", async ({ browser }) => {
  const page = await signedIn(browser, shopper, 390, "brand-new-pass-2", iphoneSafari);
  await page.goto("/es/profile");
  const details = page.getByTestId("account-details");
  const current = page.getByTestId("device-session").and(page.locator("[data-current=true]"));
  await expect(current.getByTestId("device-name")).toHaveText("Safari en iPhone");
  await expect(current).toContainText("Este dispositivo");
  await details.getByLabel("Nombre completo").fill("  ");
  await details.getByRole("button", { name: "Guardar nombre" }).click();
  await expect(details.getByTestId("name-form-note")).toHaveText("Escribe tu nombre completo.");
  await details.getByLabel("Nombre completo").fill("Marta Ruiz Díaz");
  await details.getByRole("button", { name: "Guardar nombre" }).click();
  await expect(details.getByTestId("name-form-note")).toHaveText("Tu nombre se ha guardado.");
  await page.reload();
  await expect(details.getByLabel("Nombre completo")).toHaveValue("Marta Ruiz Díaz");

  const newEmail = `moved.${Date.now()}@example.com`;
  const emailForm = details.getByTestId("email-form");
  await emailForm.getByLabel("Nueva dirección de correo").fill(newEmail);
  // The current password is asked first (decision 0389): missing or wrong, nothing is sent.
  await emailForm.getByRole("button", { name: "Enviar enlace de confirmación" }).click();
  await expect(details.getByTestId("email-form-note")).toHaveText("Escribe tu contraseña actual para cambiar la dirección de correo. No se ha enviado nada.");
  await emailForm.getByLabel("Contraseña actual", { exact: true }).fill("not-the-password");
  await emailForm.getByRole("button", { name: "Enviar enlace de confirmación" }).click();
  await expect(details.getByTestId("email-form-note")).toHaveText("La contraseña actual no es correcta. No se ha cambiado nada.");
  await emailForm.getByLabel("Contraseña actual", { exact: true }).fill("brand-new-pass-2");
  await emailForm.getByRole("button", { name: "Enviar enlace de confirmación" }).click();
  await expect(details.getByTestId("email-form-note")).toHaveText(
    `Si ${newEmail} se puede usar, le estamos enviando un enlace. Tu dirección cambia cuando lo sigas; hasta entonces sigues iniciando sesión con ${shopper}.`,
  );
  await page.reload();
  await expect(details.getByTestId("profile-email")).toHaveText(shopper);
  await expectNoSidewaysScroll(page);

  // The old address is told in the account's language — English, the language it signed up in, whatever page asked —
  // with the way to its profile. It is sent from the outbox, so it is waited for.
  const notices = () => servers.sink.messages.filter((m) => m.to === shopper && m.text.includes(newEmail));
  await expect.poll(() => notices().length).toBe(1);
  expect(notices()[0].text).toMatch(/http:\/\/localhost:\d+\/profile\s/);
  const link = await servers.sink.linkFor(newEmail, "verify-email");
  await page.goto(link);
  await expect(page).toHaveURL(/\/es\/profile\?email=changed$/);
  await expect(page.getByTestId("email-change-notice")).toHaveText(`Tu dirección de correo ahora es ${newEmail}.`);
  await expect(details.getByTestId("profile-email")).toHaveText(newEmail);
  await page.context().close();
  shopper = newEmail;
  // The new address signs in; the old one no longer does.
  await (await signedIn(browser, newEmail, 390, "brand-new-pass-2")).context().close();
});
