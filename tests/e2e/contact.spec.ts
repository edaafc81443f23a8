import { expect as baseExpect, test, type Page } from "@playwright/test";
import { withShopAndMailSink, type SmtpSink } from "./accounts-support";
import { openAdmin } from "./admin-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * The contact form and the owner's testimonials (docs/product.md#contact-form, docs/product.md#testimonials). Its own
 * server, whose mail goes to an SMTP sink read here, and whose contact address is the shop's STORE_EMAIL.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 77;
const shopEmail = "owner@contact-e2e.test";
const admin = { email: "contact-admin@example.com", password: "contact-admin-password-1", name: "Contact Admin" };
const run = Date.now();
const sender = (who: string) => `${who}.${run}@example.com`;

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: "serial", timeout: 120_000 });

const servers = withShopAndMailSink({ port, env: { STORE_EMAIL: shopEmail }, admins: [admin] });
// Pages of the `page` fixture open on this spec's server, not the shared one.
test.use({ baseURL: `http://localhost:${port}` });

const languages = [
  {
    locale: "en",
    prefix: "",
    name: "Your name",
    email: "Your email",
    message: "Message",
    send: "Send message",
    sent: "Thank you! Your message has been sent.",
    tooShort: "Your message needs at least 10 characters.",
    limited: "You have sent several messages in a short time.",
    received: "Received messages",
    testimonials: "What Our Customers Say",
    demoName: "Sarah Johnson",
  },
  {
    locale: "es",
    prefix: "/es",
    name: "Tu nombre",
    email: "Tu correo electrónico",
    message: "Mensaje",
    send: "Enviar mensaje",
    sent: "¡Gracias! Tu mensaje se ha enviado.",
    tooShort: "Tu mensaje necesita al menos 10 caracteres.",
    limited: "Has enviado varios mensajes en poco tiempo.",
    received: "Mensajes recibidos",
    testimonials: "Lo que dicen nuestros clientes",
    demoName: "Lucía Fernández",
  },
] as const;

type Language = (typeof languages)[number];

async function fillContact(page: Page, l: Language, values: { name: string; email: string; message: string }) {
  await page.getByLabel(l.name).fill(values.name);
  await page.getByLabel(l.email).fill(values.email);
  await page.getByLabel(l.message, { exact: true }).fill(values.message);
}

/** The raw message the sink received with this Reply-To (header lines unfolded). */
async function mailWithReplyTo(sink: SmtpSink, email: string) {
  const unfold = (raw: string) => raw.replace(/\r\n(?=[ \t])/g, "");
  await expect.poll(() => sink.messages.filter((m) => unfold(m.raw).includes(`Reply-To: ${email}`)).length).toBe(1);
  return sink.messages.find((m) => unfold(m.raw).includes(`Reply-To: ${email}`))!;
}

for (const l of languages) {
  test(`contact (${l.locale}): field errors on the field, then sent; the SMTP receiver gets it with Reply-To the sender`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${l.prefix}/contact`);
    const email = sender(`writer-${l.locale}`);
    await fillContact(page, l, { name: "Ana Gómez", email, message: "Hi" });
    await page.getByRole("button", { name: l.send }).click();
    await expect(page.getByTestId("contact-message-error")).toHaveText(l.tooShort);
    await expect(page.getByLabel(l.message, { exact: true })).toHaveAttribute("aria-invalid", "true");
    // What was typed stays, next to the error.
    await expect(page.getByLabel(l.email)).toHaveValue(email);
    await expectNoSidewaysScroll(page);

    await page.getByLabel(l.message, { exact: true }).fill(`Do you ship to the Canary Islands? (${l.locale})`);
    await page.getByRole("button", { name: l.send }).click();
    await expect(page.getByTestId("contact-sent")).toContainText(l.sent);
    await expect(page.getByLabel(l.email)).toHaveValue("");

    const mail = await mailWithReplyTo(servers.sink, email);
    expect(mail.to).toBe(shopEmail);
    expect(mail.text).toContain(`Do you ship to the Canary Islands? (${l.locale})`);
  });
}

test("contact without JavaScript: the form posts and the page answers sent", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: servers.shop.baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const l = languages[1];
  await page.goto(`${l.prefix}/contact`);
  const email = sender("no-js");
  await fillContact(page, l, { name: "Sin Script", email, message: "Un mensaje enviado sin JavaScript." });
  await page.getByRole("button", { name: l.send }).click();
  await expect(page.getByTestId("contact-sent")).toContainText(l.sent);
  await mailWithReplyTo(servers.sink, email);
  await context.close();
});

test("contact: the fourth message from one address within the hour is refused, in both languages", async ({ page }) => {
  const email = sender("repeat");
  const [en, es] = languages;
  await page.goto("/contact");
  for (let i = 1; i <= 3; i++) {
    await fillContact(page, en, { name: "Rita Repeat", email, message: `Message number ${i} from the same person.` });
    await page.getByRole("button", { name: en.send }).click();
    await expect(page.getByTestId("contact-sent")).toBeVisible();
    await expect(page.getByLabel(en.email)).toHaveValue("");
  }
  await fillContact(page, en, { name: "Rita Repeat", email, message: "Message number 4 from the same person." });
  await page.getByRole("button", { name: en.send }).click();
  await expect(page.getByTestId("contact-error")).toContainText(en.limited);
  await page.goto(`${es.prefix}/contact`);
  await fillContact(page, es, { name: "Rita Repeat", email, message: "Mensaje número 5 de la misma persona." });
  await page.getByRole("button", { name: es.send }).click();
  await expect(page.getByTestId("contact-error")).toContainText(es.limited);
  // Three went out, the refused ones did not.
  await expect.poll(() => servers.sink.messages.filter((m) => m.raw.includes(email)).length).toBe(3);
});

for (const l of languages) {
  test(`admin (${l.locale}): the mail screen lists received messages; at 390 px nothing scrolls the page sideways`, async ({ browser }) => {
    const page = await openAdmin(browser, servers.shop.baseURL, admin);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${l.prefix}/admin/mail`);
    const section = page.getByTestId("received-messages");
    await expect(section.getByRole("heading", { name: l.received })).toBeVisible();
    const row = section.locator(`[data-testid="received-message"][data-from="${sender(`writer-${l.locale}`)}"]`);
    await expect(row).toContainText(`Do you ship to the Canary Islands? (${l.locale})`);
    await expect(row).toContainText("Ana Gómez");
    await expectNoSidewaysScroll(page);
    await page.context().close();
  });
}

for (const l of languages) {
  test(`testimonials (${l.locale}): the demo's show no stars; removed in the admin, one disappears from home`, async ({ browser, page }) => {
    await page.goto(`${l.prefix}/`);
    await expect(page.getByRole("heading", { name: l.testimonials })).toBeVisible();
    await expect(page.getByTestId("testimonial").filter({ hasText: l.demoName })).toHaveCount(1);
    await expect(page.getByTestId("testimonial-rating")).toHaveCount(0);

    const adminPage = await openAdmin(browser, servers.shop.baseURL, admin);
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.goto(`${l.prefix}/admin/homepage`);
    const row = adminPage.getByTestId(`testimonials-${l.locale}`).locator(`[data-testid="testimonial-row"][data-name="${l.demoName}"]`);
    await expect(row).toBeVisible();
    await expectNoSidewaysScroll(adminPage);
    await row.getByTestId("testimonial-remove").click();
    await expect(row).toHaveCount(0);
    await adminPage.context().close();

    await page.reload();
    await expect(page.getByTestId("testimonial")).toHaveCount(2);
    await expect(page.getByTestId("testimonial").filter({ hasText: l.demoName })).toHaveCount(0);
  });
}

test("testimonials: one the owner adds with stars shows them; with none left the home section is gone", async ({ browser, page }) => {
  const adminPage = await openAdmin(browser, servers.shop.baseURL, admin);
  await adminPage.goto("/admin/homepage");
  const form = adminPage.getByTestId("testimonial-form");
  await form.getByRole("button", { name: "Add testimonial" }).click();
  await expect(adminPage.getByTestId("testimonial-name-error")).toHaveText("Enter the customer's name.");
  await form.getByLabel("Name").fill("Real Customer");
  await form.getByLabel("Quote").fill("My bag arrived in two days.");
  await form.getByLabel("Stars").selectOption("4");
  await form.getByRole("button", { name: "Add testimonial" }).click();
  const english = adminPage.getByTestId("testimonials-en");
  await expect(english.locator('[data-testid="testimonial-row"][data-name="Real Customer"]')).toBeVisible();

  await page.goto("/");
  const added = page.getByTestId("testimonial").filter({ hasText: "Real Customer" });
  await expect(added.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();

  // Remove every English testimonial: the section leaves the English home page; the Spanish one keeps its own.
  const removeButtons = english.getByTestId("testimonial-remove");
  while ((await removeButtons.count()) > 0) {
    const before = await removeButtons.count();
    await removeButtons.first().click();
    await expect(removeButtons).toHaveCount(before - 1);
  }
  await adminPage.context().close();
  await page.reload();
  await expect(page.getByTestId("testimonial")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: languages[0].testimonials })).toHaveCount(0);
  await page.goto("/es");
  await expect(page.getByTestId("testimonial")).toHaveCount(2);
});
