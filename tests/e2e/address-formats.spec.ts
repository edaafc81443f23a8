import { expect, test, type Page } from "@playwright/test";
import { cartLine, catalogVariants, checkoutToPaymentPage, putCart, signUpCustomer } from "./checkout-support";

/*
 * docs/product.md#address-formats and #address-book: on the payment page the country comes first and the postcode and
 * state fields then take its names and required marks, checked by the server with the same rules; once paid, 'Save
 * this address' (on by default for a signed-in shopper) puts the address in the address book. Both languages.
 */

const words = {
  en: { prefix: "", checkout: "Proceed to Checkout", pay: /^Pay /, required: "This field is required.", zipInvalid: "Enter a valid postal code.", save: "Save this address in my address book" },
  es: { prefix: "/es", checkout: "Proceder al pago", pay: /^Pagar /, required: "Este campo es obligatorio.", zipInvalid: "Escribe un código postal válido.", save: "Guardar esta dirección en mi libreta de direcciones" },
} as const;

const label = (page: Page, field: string) => page.getByTestId("shipping-form").locator(`label[for="ship-${field}"]`);

async function toPaymentPage(page: Page, locale: "en" | "es") {
  await page.goto(`${words[locale].prefix}/`);
  await signUpCustomer(page, `formats-${locale}`);
  const [entry] = await catalogVariants(page.request);
  await putCart(page, [cartLine(entry)]);
  await checkoutToPaymentPage(page, words[locale].checkout);
}

async function fill(page: Page, values: Record<string, string>) {
  const form = page.getByTestId("shipping-form");
  for (const [field, value] of Object.entries(values)) await form.locator(`#ship-${field}`).fill(value);
}

test("en: a US address asks ZIP code and State, refuses a short ZIP, and is kept in the address book once paid", async ({ page }) => {
  await toPaymentPage(page, "en");
  const form = page.getByTestId("shipping-form");
  // The country is the first field of the form.
  await expect(form.locator("input, select").first()).toHaveAttribute("id", "ship-country");
  await form.locator("#ship-country").selectOption("US");
  await expect(page.getByTestId("reprice-note")).toContainText("Taxes and total updated for United States");
  await expect(label(page, "zipCode")).toHaveText(/^ZIP code\s*\*$/);
  await expect(label(page, "state")).toHaveText(/^State\s*\*$/);

  await fill(page, { firstName: "Sam", lastName: "Lee", phone: "+1 415 555 0100", address: "1 Market St", city: "San Francisco", state: "", zipCode: "9410" });
  await page.getByRole("button", { name: words.en.pay }).click();
  await expect(page.getByTestId("error-zipCode")).toHaveText(words.en.zipInvalid);
  await expect(page.getByTestId("error-state")).toHaveText(words.en.required);

  await fill(page, { state: "CA", zipCode: "94105" });
  const save = page.getByTestId("save-address");
  await expect(save).toBeChecked();
  await expect(page.getByText(words.en.save)).toBeVisible();
  await page.getByRole("button", { name: words.en.pay }).click();
  await page.waitForURL(/\/success\?order_id=\d+/);

  await page.goto("/profile");
  const saved = page.getByTestId("address-book").getByTestId("saved-address");
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText("1 Market St");
  await expect(saved).toContainText("94105");
});

test("es, 390 px: México asks C.P. and Estado, Colombia an optional Código postal and Departamento; unticked, the address is not kept", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await toPaymentPage(page, "es");
  const form = page.getByTestId("shipping-form");
  await form.locator("#ship-country").selectOption("CO");
  await expect(label(page, "zipCode")).toHaveText("Código postal");
  await expect(label(page, "state")).toHaveText(/^Departamento\s*\*$/);
  await form.locator("#ship-country").selectOption("MX");
  await expect(page.getByTestId("reprice-note")).toContainText("Impuestos y total actualizados para México");
  await expect(label(page, "zipCode")).toHaveText(/^C\.P\.\s*\*$/);
  await expect(label(page, "state")).toHaveText(/^Estado\s*\*$/);

  await fill(page, { firstName: "Lucía", lastName: "Hernández", phone: "+52 55 1234 5678", address: "Av. Insurgentes Sur 1234", city: "Ciudad de México", state: "", zipCode: "" });
  await page.getByRole("button", { name: words.es.pay }).click();
  await expect(page.getByTestId("error-zipCode")).toHaveText(words.es.required);
  await expect(page.getByTestId("error-state")).toHaveText(words.es.required);

  await fill(page, { state: "CDMX", zipCode: "03100" });
  await page.getByText(words.es.save).click();
  await expect(page.getByTestId("save-address")).not.toBeChecked();
  await page.getByRole("button", { name: words.es.pay }).click();
  await page.waitForURL(/\/es\/success\?order_id=\d+/);

  await page.goto("/es/profile");
  const book = page.getByTestId("address-book");
  await expect(book).toBeVisible();
  await expect(book.getByTestId("saved-address")).toHaveCount(0);
});
