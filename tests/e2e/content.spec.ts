import { expect, test } from "@playwright/test";

// The demo seed writes about/contact/blog with real text in both languages.
for (const slug of ["about", "contact", "blog"]) {
  test(`/${slug} shows its title and body from the database in English and Spanish`, async ({ page }) => {
    const en = await page.goto(`/${slug}`);
    expect(en?.status()).toBe(200);
    const main = page.locator("main");
    const heading = main.getByRole("heading", { level: 1 });
    await expect(heading).toBeVisible();
    const englishTitle = (await heading.textContent())?.trim() ?? "";
    expect(englishTitle.length).toBeGreaterThan(0);
    await expect(page).toHaveTitle(`${englishTitle} - Vitrina`);
    await expect(main.locator("article p").first()).toBeVisible();
    await expect(main).not.toContainText("Error loading page");
    const englishBody = (await main.locator("article").textContent()) ?? "";

    const es = await page.goto(`/es/${slug}`);
    expect(es?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/ - Vitrina$/);
    const spanishBody = (await main.locator("article").textContent()) ?? "";
    expect(spanishBody.length).toBeGreaterThan(0);
    expect(spanishBody).not.toBe(englishBody);
  });
}

test("content is rendered without scripts", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("main article script")).toHaveCount(0);
});
