import { expect as baseExpect, test, type Page } from "@playwright/test";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { startShopServer, type ShopServer } from "./shop-server";

/*
 * The sign-in dialog's code step as a person meets it (docs/product.md#two-factor-sign-in), in English and Spanish, on
 * a server of its own: enrolment on /profile spends none of the sign-in's attempts, a mistyped code followed at once
 * by the right one signs in, and a locked account is told how long to wait while the dialog stays open.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 76;
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: "serial", timeout: 180_000 });

let shop: ShopServer;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  // Behind a "proxy" (X-Forwarded-For believed), each language signs in from an address of its own: wrong codes also
  // count against the client (10 in 10 minutes), and the two languages together make more than that.
  shop = await startShopServer({ port, env: { TRUSTED_PROXY: "true" } });
});
test.afterAll(async () => {
  await shop?.stop();
});

const texts = {
  en: {
    name: "Full name",
    email: "Email",
    password: "Password",
    confirmPassword: "Confirm password",
    register: "Register",
    login: "Login",
    yourPassword: "Your password",
    turnOn: "Turn on",
    code: "6-digit code",
    confirm: "Confirm",
    verify: "Verify",
    wrongCode: "The code is not correct",
    codeUsed: "This code was already used",
    locked: /^Too many wrong codes for this account\. Try again in \d+ (minutes?|seconds?)( and \d+ seconds?)?\.$/,
  },
  es: {
    name: "Nombre completo",
    email: "Correo electrónico",
    password: "Contraseña",
    confirmPassword: "Confirmar contraseña",
    register: "Registrarse",
    login: "Iniciar sesión",
    yourPassword: "Tu contraseña",
    turnOn: "Activar",
    code: "Código de 6 dígitos",
    confirm: "Confirmar",
    verify: "Verificar",
    wrongCode: "El código no es correcto",
    codeUsed: "Este código ya se usó",
    locked: /^Demasiados códigos incorrectos para esta cuenta\. Vuelve a intentarlo dentro de \d+ (minutos?|segundos?)( y \d+ segundos?)?\.$/,
  },
} as const;

const dialog = (page: Page) => page.getByTestId("auth-dialog");
const userButton = (page: Page) => page.getByTestId("user-menu-button");
/** What the authenticator app shows for the key the enrolment displayed, `steps` 30-second steps from now. */
const codeFor = (key: string, steps = 0) => createOTP(new TextDecoder().decode(base32.decode(key))).hotp(Math.floor(Date.now() / 30_000) + steps);
/** A 6-digit code that is not the current one. */
const wrongCodeFor = async (key: string) => {
  const right = await Promise.all([-1, 0, 1, 2].map((steps) => codeFor(key, steps)));
  for (let n = 0; ; n++) {
    const guess = String(100_000 + n * 7919).slice(-6);
    if (!right.includes(guess)) return guess;
  }
};

async function register(page: Page, locale: "en" | "es", account: { name: string; email: string; password: string }) {
  const t = texts[locale];
  await page.goto(`${shop.baseURL}/${locale}`);
  await userButton(page).click();
  await dialog(page).getByRole("tab", { name: t.register }).click();
  await dialog(page).getByLabel(t.name).fill(account.name);
  await dialog(page).getByLabel(t.email).fill(account.email);
  await dialog(page).getByLabel(t.password, { exact: true }).fill(account.password);
  await dialog(page).getByLabel(t.confirmPassword, { exact: true }).fill(account.password);
  await dialog(page).getByRole("button", { name: t.register, exact: true }).click();
  await expect(userButton(page)).toHaveAttribute("data-signed-in", "true");
}

/** Enrols on /profile with a mistyped code first, as a person might: the key the page showed and the code spent. */
async function enrol(page: Page, locale: "en" | "es", password: string): Promise<{ key: string; spent: string }> {
  const t = texts[locale];
  await page.goto(`${shop.baseURL}/${locale}/profile#two-factor`);
  const settings = page.getByTestId("two-factor-settings");
  await settings.getByLabel(t.yourPassword).fill(password);
  await settings.getByRole("button", { name: t.turnOn }).click();
  const key = (await page.getByTestId("totp-key").textContent())!.trim();
  await settings.getByLabel(t.code).fill(await wrongCodeFor(key));
  await settings.getByRole("button", { name: t.confirm }).click();
  await expect(page.getByTestId("toast").first()).toContainText(t.wrongCode);
  const spent = await codeFor(key);
  await settings.getByLabel(t.code).fill(spent);
  await settings.getByRole("button", { name: t.confirm }).click();
  await expect(settings).toHaveAttribute("data-enabled", "true");
  return { key, spent };
}

async function passwordStep(page: Page, locale: "en" | "es", email: string, password: string) {
  const t = texts[locale];
  await page.context().clearCookies();
  await page.goto(`${shop.baseURL}/${locale}`);
  await userButton(page).click();
  await dialog(page).getByLabel(t.email).fill(email);
  await dialog(page).getByLabel(t.password, { exact: true }).fill(password);
  await dialog(page).getByRole("button", { name: t.login, exact: true }).click();
  const step = page.getByTestId("two-factor-form");
  await expect(step).toBeVisible();
  return step;
}

for (const [n, locale] of (["en", "es"] as const).entries()) {
  test.describe(locale, () => {
    const t = texts[locale];
    test.beforeEach(async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${n + 1}` });
    });
    const account = { name: `Dana ${locale}`, email: `dana.${locale}.${Date.now()}@example.com`, password: `dana-password-${locale}-7` };
    let key = "";

    test(`attack: two-factor — a mistyped code then the right one at once signs in, right after enrolling (${locale})`, async ({ page }) => {
      await register(page, locale, account);
      const enrolled = await enrol(page, locale, account.password);
      key = enrolled.key;

      // Three tries in a row, each answered in the dialog: a typo, the code the enrolment spent, the app's next code.
      const step = await passwordStep(page, locale, account.email, account.password);
      await step.getByLabel(t.code).fill(await wrongCodeFor(key));
      await step.getByRole("button", { name: t.verify }).click();
      await expect(step.getByRole("alert")).toContainText(t.wrongCode);
      await step.getByLabel(t.code).fill(enrolled.spent);
      await step.getByRole("button", { name: t.verify }).click();
      await expect(step.getByRole("alert")).toContainText(t.codeUsed);
      await step.getByLabel(t.code).fill(await codeFor(key, 1));
      await step.getByRole("button", { name: t.verify }).click();
      await expect(userButton(page)).toHaveAttribute("data-signed-in", "true");
      await expect(dialog(page)).toBeHidden();
    });

    test(`attack: two-factor — a locked account is told how long to wait and the dialog stays open (${locale})`, async ({ page }) => {
      const step = await passwordStep(page, locale, account.email, account.password);
      // Five wrong codes lock the account; each is answered in the dialog.
      for (let i = 0; i < 5; i++) {
        await step.getByLabel(t.code).fill(await wrongCodeFor(key));
        await step.getByRole("button", { name: t.verify }).click();
        await expect(step.getByRole("alert")).toContainText(i < 4 ? t.wrongCode : t.locked);
        if (i < 4) await expect(step.getByRole("alert")).not.toContainText(t.locked);
      }
      // Even the right code now waits, and says how long; the dialog stays open and the shopper signed out.
      await step.getByLabel(t.code).fill(await codeFor(key, 1));
      await step.getByRole("button", { name: t.verify }).click();
      await expect(step.getByRole("alert")).toHaveText(t.locked);
      await expect(step).toBeVisible();
      await expect(userButton(page)).not.toHaveAttribute("data-signed-in", "true");
    });
  });
}
