import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signUpCustomer } from "../e2e/checkout-support";

/**
 * The open redirect a security probe found, in a real browser: Chromium drops the tab of "/\t/127.0.0.1:9/pwned"
 * and reads "//127.0.0.1:9/pwned", another site. Protection: src/features/accounts/return-to.ts (docs/security.md).
 */

// Password hashing on a busy machine can take seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
const probe = "/?auth=login&returnTo=%2F%09%2F127.0.0.1%3A9%2Fpwned";
const password = "checkout-pass-1";

async function signInThroughDialog(page: Page, email: string) {
  const dialog = page.getByTestId("auth-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
}

test("attack: open redirect — the probe URL /?auth=login&returnTo=%2F%09%2F127.0.0.1%3A9%2Fpwned stays on the shop after a normal sign-in", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await page.goto("/");
  const email = await signUpCustomer(page, "redirect");
  await page.context().clearCookies();

  const offSite: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin) offSite.push(request.url());
  });

  // Control: a genuine returnTo is followed, so the flow below would navigate if it were allowed to.
  await page.goto("/?auth=login&returnTo=%2Fprofile");
  await signInThroughDialog(page, email);
  await expect(page).toHaveURL(`${origin}/profile`);
  await page.context().clearCookies();

  await page.goto(probe);
  await signInThroughDialog(page, email);
  await expect(page.getByTestId("user-menu-button")).toHaveAttribute("data-signed-in", "true");
  await expect(page.getByTestId("auth-dialog")).toBeHidden();
  expect(new URL(page.url()).origin).toBe(origin);
  expect(new URL(page.url()).pathname).toBe("/");
  expect(offSite).toEqual([]);
});
