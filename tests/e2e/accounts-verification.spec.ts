import { expect as baseExpect, test } from "@playwright/test";
import { withShopAndMailSink } from "./accounts-support";

/* AUTH_REQUIRE_EMAIL_VERIFICATION=true on a server of its own: no session until the emailed link is followed. */

const port = Number(process.env.E2E_PORT ?? 3100) + 51;
const person = { name: "Marta Ruiz", email: `marta.${Date.now()}@example.com`, password: "marta-password-1" };

// Password hashing (scrypt) on a small, busy machine can take seconds: auth steps get a generous wait.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

const servers = withShopAndMailSink({ port, env: { AUTH_REQUIRE_EMAIL_VERIFICATION: "true" } });

test("with verification on: 'check your email', sign-in refused until the link verifies the account", async ({ page }) => {
  const dialog = page.getByTestId("auth-dialog");
  const toast = page.getByTestId("toast");
  const userButton = page.getByTestId("user-menu-button");

  await page.goto(`${servers.shop.baseURL}/`);
  await userButton.click();
  await dialog.getByRole("tab", { name: "Register" }).click();
  const form = page.getByTestId("register-form");
  await form.getByLabel("Full name").fill(person.name);
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Password", { exact: true }).fill(person.password);
  await form.getByLabel("Confirm password").fill(person.password);
  await form.getByRole("button", { name: "Register" }).click();
  await expect(toast).toContainText("Success!");
  await expect(toast).toContainText("Please check your email to verify your account.");
  await expect(userButton).not.toHaveAttribute("data-signed-in", "true");

  await userButton.click();
  await dialog.getByLabel("Email").fill(person.email);
  await dialog.getByLabel("Password", { exact: true }).fill(person.password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast).toContainText("Sign in Failed");
  await expect(toast).toContainText("not verified");
  await dialog.getByRole("button", { name: "Close" }).click();

  const link = await servers.sink.linkFor(person.email, "/verify-email");
  await page.goto(link);
  await expect(page).toHaveURL(`${servers.shop.baseURL}/`);
  await expect(toast).toContainText("Email verified");
  await expect(userButton).toHaveAttribute("data-signed-in", "true");
});
