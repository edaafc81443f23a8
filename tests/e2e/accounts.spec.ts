import { expect as baseExpect, test, type Page } from "@playwright/test";
import { withShopAndMailSink } from "./accounts-support";

/*
 * The auth dialog, user menu, profile page and gates (docs/product.md#auth-dialog). This spec runs its own shop
 * server: an admin is created with `npm run admin:create` before it starts, and mail goes to an SMTP sink read here.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 50;
const admin = { email: "owner@example.com", password: "owner-password-1", name: "Shop Owner" };
const customer = { name: "Lucía Gómez", email: `lucia.${Date.now()}@example.com`, password: "first-password-1" };

// Password hashing (scrypt) on a small, busy machine can take seconds: auth steps get a generous wait.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: "serial", timeout: 150_000 });

const servers = withShopAndMailSink({ port, env: { AUTH_REQUIRE_EMAIL_VERIFICATION: "false" }, admins: [admin] });

const toast = (page: Page) => page.getByTestId("toast");
const userButton = (page: Page) => page.getByTestId("user-menu-button");
const dialog = (page: Page) => page.getByTestId("auth-dialog");

async function openLogin(page: Page) {
  await userButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
}

async function logIn(page: Page, email: string, password: string) {
  await openLogin(page);
  await dialog(page).getByLabel("Email").fill(email);
  await dialog(page).getByLabel("Password", { exact: true }).fill(password);
  await dialog(page).getByRole("button", { name: "Login", exact: true }).click();
}

async function openUserMenu(page: Page) {
  await expect(userButton(page)).toHaveAttribute("data-signed-in", "true");
  await userButton(page).click();
  return page.getByTestId("user-menu");
}

async function logOut(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByRole("menuitem", { name: "Logout" }).click();
  await expect(toast(page)).toContainText("Logged out");
  await expect(userButton(page)).not.toHaveAttribute("data-signed-in", "true");
}

test("register: mismatched passwords keep submit disabled; success signs in and clears the dialog", async ({ page }) => {
  await page.goto(`${servers.shop.baseURL}/`);
  await openLogin(page);
  await dialog(page).getByRole("tab", { name: "Register" }).click();
  const form = page.getByTestId("register-form");
  await form.getByLabel("Full name").fill(customer.name);
  await form.getByLabel("Email").fill(customer.email);
  await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
  await form.getByLabel("Password", { exact: true }).fill(customer.password);
  await form.getByLabel("Confirm password").fill("something-else-1");
  const submit = form.getByRole("button", { name: "Register" });
  await expect(submit).toBeDisabled();
  await expect(form.getByText("Passwords do not match")).toBeVisible();

  // Each password field has its own show/hide toggle.
  await form.getByRole("button", { name: "Show password" }).first().click();
  await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await expect(form.getByLabel("Confirm password")).toHaveAttribute("type", "password");

  await form.getByLabel("Confirm password").fill(customer.password);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toast(page)).toContainText("Registration successful!");
  await expect(dialog(page)).toBeHidden();
  await expect(userButton(page)).toHaveAttribute("data-signed-in", "true");

  const menu = await openUserMenu(page);
  await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
  await page.keyboard.press("Escape");
});

test("log out ends the session; a wrong password shows 'Sign in Failed'; the right one logs in", async ({ page }) => {
  await page.goto(`${servers.shop.baseURL}/`);
  await logIn(page, customer.email, customer.password);
  await expect(toast(page)).toContainText("Login Successful");
  await logOut(page);
  // The server forgot the session: a reload stays signed out, and /profile is gated again.
  await page.reload();
  await expect(userButton(page)).not.toHaveAttribute("data-signed-in", "true");

  await logIn(page, customer.email, "not-my-password");
  await expect(toast(page)).toContainText("Sign in Failed");
  await expect(toast(page)).toContainText("Invalid email or password");
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect(dialog(page)).toBeHidden();

  await logIn(page, customer.email, customer.password);
  await expect(toast(page)).toContainText("Login Successful");
  await expect(toast(page)).toContainText("Welcome back!");
  await expect(dialog(page)).toBeHidden();
  await expect(userButton(page)).toHaveAttribute("data-signed-in", "true");
});

test("/profile signed out goes to / with the login dialog, and back to /profile after signing in", async ({ page }) => {
  await page.goto(`${servers.shop.baseURL}/profile`);
  await expect(page).toHaveURL(`${servers.shop.baseURL}/`);
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel("Email").fill(customer.email);
  await dialog(page).getByLabel("Password", { exact: true }).fill(customer.password);
  await dialog(page).getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(`${servers.shop.baseURL}/profile`);
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  await expect(page.getByTestId("profile-full-name")).toHaveValue(customer.name);
  await expect(page.getByTestId("profile-email")).toHaveText(customer.email);
  await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();

  // A customer on /admin is sent home.
  await page.goto(`${servers.shop.baseURL}/admin`);
  await expect(page).toHaveURL(`${servers.shop.baseURL}/`);
});

test("the user menu shows Admin only for the admin made with admin:create, and /admin opens", async ({ page }) => {
  await page.goto(`${servers.shop.baseURL}/`);
  await logIn(page, admin.email, admin.password);
  await expect(toast(page)).toContainText("Login Successful");
  const menu = await openUserMenu(page);
  await menu.getByRole("menuitem", { name: "Admin" }).click();
  await expect(page).toHaveURL(`${servers.shop.baseURL}/admin`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("password reset through the emailed link sets a new password and ends the old session", async ({ page, browser }) => {
  // A session on another device, which the reset must end.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(`${servers.shop.baseURL}/`);
  await logIn(otherPage, customer.email, customer.password);
  await expect(userButton(otherPage)).toHaveAttribute("data-signed-in", "true");

  await page.goto(`${servers.shop.baseURL}/`);
  await openLogin(page);
  await dialog(page).getByRole("button", { name: "Forgot password?" }).click();
  await page.getByTestId("forgot-form").getByLabel("Email").fill(customer.email);
  await page.getByTestId("forgot-form").getByRole("button", { name: "Send reset link" }).click();
  await expect(toast(page)).toContainText("Check your email");

  const link = await servers.sink.linkFor(customer.email, "/reset-password/");
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const form = page.getByTestId("reset-password-form");
  await form.getByLabel("New password", { exact: true }).fill("second-password-2");
  await form.getByLabel("Confirm new password").fill("second-password-2");
  await form.getByRole("button", { name: "Save new password" }).click();
  await expect(toast(page)).toContainText("Password updated");

  await otherPage.reload();
  await expect(userButton(otherPage)).not.toHaveAttribute("data-signed-in", "true");
  await other.close();

  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel("Email").fill(customer.email);
  await dialog(page).getByLabel("Password", { exact: true }).fill("second-password-2");
  await dialog(page).getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast(page)).toContainText("Login Successful");
});
