import { expect as baseExpect, test, type Page } from "@playwright/test";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { startShopServer, type ShopServer } from "../e2e/shop-server";

/*
 * Two-factor sign-in in the browser (docs/product.md#two-factor-sign-in) on a server with ADMIN_REQUIRE_2FA=true: the
 * admin is sent to enrol, enrols with the QR code's key and a real TOTP, then signs in with password + code.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 74;
const admin = { email: "twofactor-owner@example.com", password: "owner-password-7", name: "Two Factor Owner" };
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: "serial", timeout: 180_000 });

let shop: ShopServer;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  shop = await startShopServer({ port, env: { ADMIN_REQUIRE_2FA: "true" }, admins: [admin] });
});
test.afterAll(async () => {
  await shop?.stop();
});

const dialog = (page: Page) => page.getByTestId("auth-dialog");

async function logIn(page: Page) {
  await page.getByTestId("user-menu-button").click();
  await dialog(page).getByLabel("Email").fill(admin.email);
  await dialog(page).getByLabel("Password", { exact: true }).fill(admin.password);
  await dialog(page).getByRole("button", { name: "Login", exact: true }).click();
}

/** What the authenticator app shows for the key the enrolment displayed, `steps` 30-second steps from now. */
const codeFor = (key: string, steps = 0) => createOTP(new TextDecoder().decode(base32.decode(key))).hotp(Math.floor(Date.now() / 30_000) + steps);

test("attack: stolen admin password — with ADMIN_REQUIRE_2FA the admin enrols (QR code, backup codes, real TOTP) and then needs the code to sign in", async ({ page }) => {
  await page.goto(`${shop.baseURL}/en`);
  await logIn(page);
  await expect(page.getByTestId("user-menu-button")).toHaveAttribute("data-signed-in", "true");

  // The back-office sends an admin without two-factor sign-in to enrol.
  await page.goto(`${shop.baseURL}/en/admin`);
  await expect(page).toHaveURL(/\/profile\?twoFactor=required/);
  const settings = page.getByTestId("two-factor-settings");
  await expect(settings.getByRole("alert")).toContainText("must turn on two-factor sign-in");

  await settings.getByLabel("Your password").fill(admin.password);
  await settings.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("totp-qr")).toBeVisible();
  await expect(page.getByTestId("backup-codes").locator("li")).toHaveCount(10);
  const key = (await page.getByTestId("totp-key").textContent())!.trim();
  await settings.getByLabel("6-digit code").fill("000000");
  await settings.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("toast").first()).toContainText("The code is not correct");
  await settings.getByLabel("6-digit code").fill(await codeFor(key));
  await settings.getByRole("button", { name: "Confirm" }).click();
  await expect(settings).toHaveAttribute("data-enabled", "true");
  await expect(page.getByTestId("device-session").first()).toHaveAttribute("data-current", "true");

  await page.goto(`${shop.baseURL}/en/admin`);
  await expect(page).toHaveURL(/\/admin$/);

  // A fresh browser with only the password gets no session: the dialog asks for the code.
  await page.context().clearCookies();
  await page.goto(`${shop.baseURL}/en`);
  await logIn(page);
  const step = page.getByTestId("two-factor-form");
  await expect(step).toBeVisible();
  await expect(page.getByTestId("user-menu-button")).not.toHaveAttribute("data-signed-in", "true");
  // Each code works once: the enrolment spent the current one, so the app's next one (accepted for clock drift).
  await step.getByLabel("6-digit code").fill(await codeFor(key, 1));
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("user-menu-button")).toHaveAttribute("data-signed-in", "true");
  await page.goto(`${shop.baseURL}/en/admin`);
  await expect(page).toHaveURL(/\/admin$/);
});
