import { afterAll, beforeAll, expect, it, vi } from "vitest";
import "../helpers/shop-test-env";
import { callAs } from "../helpers/signed-in-caller";
import { eq } from "drizzle-orm";

// The request of a server action: the admin's cookie.
vi.mock("next/headers", () => import("../helpers/signed-in-caller"));
vi.mock("next/cache", () => import("../helpers/signed-in-caller"));

import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { createCategoryAction, createProductAction } from "@/features/catalog/admin-actions";
import { setAdminFlag } from "@/features/accounts/service";
import { getAuth } from "@/features/accounts/auth";
import { signUpWithSession } from "../helpers/auth-session";
import { setDatabaseForTests } from "@/server/db/client";
import { categories } from "@/server/db/schema/catalog";
import { profiles } from "@/server/db/schema/auth";
import { CATEGORY_ADDRESS } from "@/lib/slug";

/**
 * admin input the database or the browser cannot take is refused with a message the admin can
 * act on (src/features/admin/storable-text.ts, isShowableImageUrl, MAX_SLUG_LENGTH), and a rename reaches the profile.
 */
const shop = "http://shop.test";
let counter = 0;

describeOnEachDatabase("admin input the shop cannot store or show", (kind) => {
  let t: TestDatabase;
  let admin = { id: "", cookie: "" };

  function signUp(name: string) {
    counter += 1;
    return signUpWithSession(shop, { name, email: `admin.${kind}.${counter}@example.com`, address: `198.51.100.${counter}` });
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
    admin = await signUp("Ada Admin");
    await setAdminFlag(t.db, admin.id, true);
    callAs(admin.cookie, { host: "shop.test", origin: shop });
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  const categoryCount = async () => (await t.db.select({ id: categories.id }).from(categories)).length;

  it("attack: long slugs — the admin accepts exactly the category slugs the public address accepts (≤ 100 characters)", async () => {
    for (const length of [99, 100, 101, 110, 120, 121]) {
      const slug = "a".repeat(length);
      const result = await createCategoryAction({ nameEn: `Long ${length}`, slug });
      expect(result.ok, `slug of ${length}`).toBe(CATEGORY_ADDRESS.test(slug));
      if (!result.ok) expect(result.error).toBe("The slug may be at most 100 characters long; shorten it.");
    }
  });

  it("attack: unstorable text — NUL and lone surrogates in admin text are refused with a clear message, nothing is written", async () => {
    const before = await categoryCount();
    const message = "Some text contains a character that cannot be saved (an invisible NUL character or half of an emoji, often from a copy and paste). Retype the field and try again.";
    for (const bad of ["Bags\u0000", "Bags \ud83d", "\udc4d Bags", "Bags\u0000\ud800"]) {
      const category = await createCategoryAction({ nameEn: bad, slug: `bags-${bad.length}-${Math.random().toString(36).slice(2, 8)}` });
      expect(category).toEqual({ ok: false, error: message });
      const description = await createCategoryAction({ nameEn: "Bags", slug: "bags-nul", descriptionEs: bad });
      expect(description).toEqual({ ok: false, error: message });
    }
    const product = await createProductAction({
      titleEn: "Bolso",
      descriptionEn: "fine",
      images: [],
      variants: [{ titleEn: "Black\u0000", priceCents: 1000, stock: 1 }],
    });
    expect(product).toEqual({ ok: false, error: message });
    expect(await categoryCount()).toBe(before);
    // A whole emoji (a surrogate pair) is fine.
    expect((await createCategoryAction({ nameEn: "Bags 👜", slug: "bags-emoji" })).ok).toBe(true);
  });

  it("attack: mixed content — http:// image URLs, which the CSP would block, are refused with a clear message", async () => {
    const refused = await createCategoryAction({ nameEn: "Hats", slug: "hats-http", imageUrl: "http://images.example/hat.jpg" });
    expect(refused).toEqual({ ok: false, error: expect.stringContaining("only loads images from its own paths (such as /uploads/…) or from https:// addresses") });
    const product = await createProductAction({ titleEn: "Hat", images: ["http://images.example/hat.jpg"], variants: [{ titleEn: "Red", priceCents: 1000, stock: 1 }] });
    expect(product.ok).toBe(false);
    if (!product.ok) expect(product.error).toContain("https://");
    expect((await createCategoryAction({ nameEn: "Hats", slug: "hats-https", imageUrl: "https://images.example/hat.jpg" })).ok).toBe(true);
    expect((await createCategoryAction({ nameEn: "Caps", slug: "caps-local", imageUrl: "/uploads/cap.webp" })).ok).toBe(true);
  });

  it("a renamed user's name is copied to the profile", async () => {
    const user = await signUp("Old Name");
    const response = await (await getAuth()).handler(
      new Request(`${shop}/api/auth/update-user`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: shop, cookie: user.cookie },
        body: JSON.stringify({ name: "  New Name " }),
      }),
    );
    expect(response.status).toBe(200);
    const [profile] = await t.db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, user.id));
    expect(profile.fullName).toBe("New Name");
  });
});
