import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { withShopAndMailSink } from "./accounts-support";
import { address, cartLine, catalogVariants, fillAddress, openDrawer, putCart } from "./checkout-support";

/*
 * docs/product.md#checkout-extras and #success-page on a server of its own (GUEST_CHECKOUT=true, mail to a sink): a
 * guest gives a company, a tax id and a note on the payment page (a bad tax id is refused with its format), the success
 * page lists the items and the address, "Create an account with this email" mails a link whose verification puts the
 * order in the new account's profile, and the admin order page shows the extras. In English and, at 390 px, Spanish.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 10;
test.use({ baseURL: `http://localhost:${port}` });
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const admin = { email: "extras-owner@example.com", password: "owner-password-1", name: "Shop Owner" };
const servers = withShopAndMailSink({ port, env: { GUEST_CHECKOUT: "true", AUTH_REQUIRE_EMAIL_VERIFICATION: "false" }, admins: [admin] });

const words = {
  en: {
    prefix: "",
    checkout: "Proceed to Checkout",
    guestEmail: "Email for your order",
    guestSubmit: "Continue",
    pay: /^Pay /,
    company: "Company name",
    taxId: /^Tax id/,
    note: "Order note",
    badTaxId: "Enter a valid Spanish NIF, NIE or CIF, e.g. 12345678Z or B12345674.",
    account: "Create an account with this email",
    password: "Password",
    confirm: "Confirm password",
    create: "Create account",
    sent: "we have emailed a link to",
    orderTitle: (id: string) => `Order #${id}`,
  },
  es: {
    prefix: "/es",
    checkout: "Proceder al pago",
    guestEmail: "Correo para tu pedido",
    guestSubmit: "Continuar",
    pay: /^Pagar /,
    company: "Nombre de la empresa",
    taxId: /^Identificación fiscal/,
    note: "Nota del pedido",
    badTaxId: "Introduce un NIF, NIE o CIF español válido, p. ej. 12345678Z o B12345674.",
    account: "Crea una cuenta con este correo",
    password: "Contraseña",
    confirm: "Confirmar contraseña",
    create: "Crear cuenta",
    sent: "hemos enviado un enlace a",
    orderTitle: (id: string) => `Pedido n.º ${id}`,
  },
} as const;

async function adminSees(browser: Browser, locale: "en" | "es", orderId: string, extras: { company: string; taxId: string; note: string }) {
  const context = await browser.newContext({ baseURL: `http://localhost:${port}`, viewport: locale === "es" ? { width: 390, height: 844 } : undefined });
  const page = await context.newPage();
  const signIn = await page.request.post(`/api/auth/sign-in/email`, { data: { email: admin.email, password: admin.password }, headers: { origin: `http://localhost:${port}` } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto(`${words[locale].prefix}/admin/orders/${orderId}`);
  await expect(page.getByTestId("order-company")).toHaveText(extras.company);
  await expect(page.getByTestId("order-tax-id")).toHaveText(extras.taxId);
  await expect(page.getByTestId("order-note")).toHaveText(extras.note);
  await expect(page.getByText(locale === "es" ? "Identificación fiscal" : "Tax id", { exact: true })).toBeVisible();
  await context.close();
}

async function guestToPaymentPage(page: Page, locale: "en" | "es", email: string) {
  const w = words[locale];
  const [entry] = await catalogVariants(page.request);
  await page.goto(`${w.prefix}/`);
  await putCart(page, [cartLine(entry, 2)]);
  const drawer = await openDrawer(page);
  await drawer.getByRole("button", { name: w.checkout }).click();
  const guest = page.getByTestId("auth-dialog").getByTestId("guest-checkout-form");
  await guest.getByLabel(w.guestEmail).fill(email);
  await guest.getByRole("button", { name: w.guestSubmit, exact: true }).click();
  await page.waitForURL(/\/pay\/demo_[^?]+\?token=/);
  return entry;
}

for (const locale of ["en", "es"] as const) {
  test(`${locale}: a guest's company, tax id and note reach the order; the success page lists it and joins it to a new account`, async ({ page, browser }) => {
    const w = words[locale];
    if (locale === "es") await page.setViewportSize({ width: 390, height: 844 });
    const email = `extras.${locale}.${Date.now()}@example.com`;
    await guestToPaymentPage(page, locale, email);
    await fillAddress(page, address);
    const extras = page.getByTestId("checkout-extras");
    const company = `Acme Iberia ${locale.toUpperCase()} SL`;
    const note = locale === "es" ? "Dejar en portería, por favor." : "Please leave it with the porter.";
    await extras.getByLabel(w.company).fill(company);
    await extras.getByLabel(w.taxId).fill("B12345675");
    await extras.getByLabel(w.note).fill(note);
    await page.getByRole("button", { name: w.pay }).click();
    await expect(page.getByTestId("error-taxId")).toHaveText(w.badTaxId);
    await expect(page).toHaveURL(/\/pay\/demo_/);
    await extras.getByLabel(w.taxId).fill("b 12345674");
    await page.getByRole("button", { name: w.pay }).click();

    await page.waitForURL(/\/success\?.*token=/);
    const orderId = (await page.getByTestId("success-order-number").textContent())!.replace(/\D/g, "");
    await expect(page.getByTestId("success-lines").getByTestId("order-line")).toHaveCount(1);
    await expect(page.getByTestId("success-lines")).toContainText("2 x ");
    await expect(page.getByTestId("success-address")).toContainText(address.address);
    await expect(page.getByTestId("success-address")).toContainText(`${address.firstName} ${address.lastName}`);
    await expect(page.getByTestId("success-money")).toBeVisible();

    const form = page.getByTestId("guest-account-form");
    await expect(form.getByRole("heading", { name: w.account })).toBeVisible();
    await form.getByLabel(w.password, { exact: true }).fill("correct-horse-1");
    await form.getByLabel(w.confirm).fill("correct-horse-1");
    await form.getByRole("button", { name: w.create }).click();
    await expect(page.getByTestId("guest-account-sent")).toContainText(w.sent);
    await expect(page.getByTestId("guest-account-sent")).toContainText(email);

    const link = await servers.sink.linkFor(email, "/verify-email");
    await page.goto(link);
    await expect(page.getByTestId("user-menu-button")).toHaveAttribute("data-signed-in", "true");
    await page.goto(`${w.prefix}/profile`);
    await expect(page.getByText(w.orderTitle(orderId)).first()).toBeVisible();

    await adminSees(browser, locale, orderId, { company, taxId: "B12345674", note });
  });
}
