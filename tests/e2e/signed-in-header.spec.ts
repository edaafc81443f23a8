import { expect as baseExpect, test, type Page } from "@playwright/test";

/*
 * The header knows a sign-in at once (docs/product.md#header): it shows the account from the sign-in (or sign-up)
 * answer itself, so a slow session read afterwards — a busy machine, a slow network — cannot leave the user icon
 * opening the login dialog over a signed-in page. Here every read of /api/auth/get-session is answered 1.5 s late,
 * and those made after the dialog's answer are held until the user icon has been clicked.
 */

// Password hashing (scrypt) on a small, busy machine can take seconds: auth steps get a generous wait.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const texts = {
  en: { home: "/", loginTab: "Login", login: "Login", registerTab: "Register", register: "Register", fullName: "Full name", email: "Email", password: "Password", confirm: "Confirm password", registered: "Registration successful!", welcome: "Login Successful", profile: "Profile", logout: "Logout", loggedOut: "Logged out" },
  es: { home: "/es", loginTab: "Iniciar sesión", login: "Iniciar sesión", registerTab: "Registrarse", register: "Registrarse", fullName: "Nombre completo", email: "Correo electrónico", password: "Contraseña", confirm: "Confirmar contraseña", registered: "¡Registro completado!", welcome: "Inicio de sesión correcto", profile: "Perfil", logout: "Cerrar sesión", loggedOut: "Sesión cerrada" },
} as const;

const userButton = (page: Page) => page.getByTestId("user-menu-button");
const dialog = (page: Page) => page.getByTestId("auth-dialog");
const toast = (page: Page) => page.getByTestId("toast");
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Every session read answered 1.5 s late; while `hold` is on, not before `release()`. Answers `holdNext()`: the reads
 * from then on wait for the release (the one after the dialog's answer is the one that matters).
 */
async function slowSessionReads(page: Page) {
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  await page.route("**/api/auth/get-session*", async (route) => {
    const wait = gate;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await wait;
    await route.continue().catch(() => undefined); // the page may have moved on meanwhile
  });
  return {
    holdNext() {
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

/** The first click on the user icon after signing in opens the account's menu; Logout signs the header out. */
async function menuShowsAccountThenLogOut(page: Page, t: (typeof texts)[keyof typeof texts], reads: { release: () => void }, who: string) {
  await userButton(page).click();
  reads.release();
  const menu = page.getByTestId("user-menu");
  await expect(menu).toBeVisible();
  await expect(menu).toContainText(who);
  await expect(menu.getByRole("menuitem", { name: t.profile })).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await menu.getByRole("menuitem", { name: t.logout }).click();
  await expect(toast(page).filter({ hasText: t.loggedOut })).toBeVisible();
  await expect(userButton(page)).not.toHaveAttribute("data-signed-in", "true");
}

for (const locale of ["en", "es"] as const) {
  const t = texts[locale];

  test(`${locale}: with a slow session read, register → the user menu shows the account → Logout`, async ({ page }) => {
    const reads = await slowSessionReads(page);
    const name = locale === "en" ? "Nora Slow" : "Nuria Lenta";
    await page.goto(t.home);
    // A press while the page's own session read is pending is kept, then opens the login dialog.
    await userButton(page).click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("tab", { name: t.registerTab }).click();
    const form = page.getByTestId("register-form");
    await form.getByLabel(t.fullName).fill(name);
    await form.getByLabel(t.email).fill(uniqueEmail(`slow-register-${locale}`));
    await form.getByLabel(t.password, { exact: true }).fill("slow-session-pass-1");
    await form.getByLabel(t.confirm).fill("slow-session-pass-1");
    reads.holdNext();
    await form.getByRole("button", { name: t.register, exact: true }).click();
    await expect(toast(page).filter({ hasText: t.registered })).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await menuShowsAccountThenLogOut(page, t, reads, name);
  });

  test(`${locale}: with a slow session read, sign in → the user menu shows the account → Logout`, async ({ page, request }) => {
    const email = uniqueEmail(`slow-login-${locale}`);
    const name = locale === "en" ? "Olga Slow" : "Olga Lenta";
    // The account is made by another client (the fixture's own cookie jar): the page itself starts signed out.
    const baseURL = test.info().project.use.baseURL!;
    const made = await request.post("/api/auth/sign-up/email", { data: { name, email, password: "slow-session-pass-1" }, headers: { origin: new URL(baseURL).origin } });
    expect(made.ok()).toBe(true);

    const reads = await slowSessionReads(page);
    await page.goto(t.home);
    await userButton(page).click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByLabel(t.email).fill(email);
    await dialog(page).getByLabel(t.password, { exact: true }).fill("slow-session-pass-1");
    reads.holdNext();
    await dialog(page).getByRole("button", { name: t.login, exact: true }).click();
    await expect(toast(page).filter({ hasText: t.welcome })).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await menuShowsAccountThenLogOut(page, t, reads, name);
  });
}
