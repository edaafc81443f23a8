import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { resetSettingsForTests } from "@/server/env";
import { getProduct } from "@/features/catalog/service";
import type { ApiProduct } from "@/features/catalog/api-shape";
import { jsonLdString, plainText, productJsonLd, productMetaDescription, truncate } from "../../src/features/catalog/seo";
import { currentCartLines, findCategoryBySlug, listFeaturedProductIds } from "../../src/features/catalog/storefront-service";
import { parsePageParam, listingAlternates } from "../../src/features/catalog/page-params";
import sitemap from "@/app/sitemap";
import robots from "@/app/robots";
import { insertCatalogFixtures, HIDDEN_IDS, VISIBLE_IN_CATALOG_ORDER } from "./catalog-fixtures";
import { pages } from "@/server/db/schema/content";
import { sql } from "drizzle-orm";
import { queryRows } from "@/server/db/rows";

process.env.BASE_URL = "https://shop.test";
resetSettingsForTests();

describeOnEachDatabase("storefront SEO and reads", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertCatalogFixtures(t.db);
    await t.db.insert(pages).values([
      ...["about", "contact", "blog"].map((slug) => ({ slug, slugEs: slug, titleEn: slug })),
      { slug: "privacy-policy", slugEs: "politica-de-privacidad", titleEn: "Privacy Policy" },
      { slug: "terms-of-sale", slugEs: "condiciones-de-venta", titleEn: "Terms of Sale", status: "draft" as const },
    ]);
    setDatabaseForTests(t.db);
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  it("sitemap lists every public page in both languages with hreflang alternates, and no hidden product", async () => {
    const entries = await sitemap();
    const urls = entries.map((e) => e.url);
    for (const path of ["", "/store", "/categories", "/about", "/contact", "/blog"]) {
      expect(urls).toContain(`https://shop.test${path || "/"}`);
      expect(urls).toContain(`https://shop.test/es${path}`);
    }
    // Categories and products at their slug in each language (decision 0370), never at their id.
    expect(urls).toContain("https://shop.test/category/handbags");
    expect(urls).toContain("https://shop.test/es/category/bolsos");
    const slugs = await queryRows<{ id: string; slug_en: string; slug_es: string }>(t.db, sql`SELECT id, slug_en, slug_es FROM products`);
    for (const id of VISIBLE_IN_CATALOG_ORDER) {
      const row = slugs.find((r) => r.id === id)!;
      expect(urls).toContain(`https://shop.test/product/${row.slug_en}`);
      expect(urls).toContain(`https://shop.test/es/product/${row.slug_es}`);
      expect(urls.some((u) => u.endsWith(`/${id}`))).toBe(false);
    }
    for (const id of HIDDEN_IDS) expect(urls.some((u) => u.includes(id))).toBe(false);
    // A published page at its slug in each language, with both as alternates; a draft is not listed.
    const privacy = entries.find((e) => e.url === "https://shop.test/es/page/politica-de-privacidad");
    expect(privacy?.alternates?.languages).toEqual({
      en: "https://shop.test/page/privacy-policy",
      es: "https://shop.test/es/page/politica-de-privacidad",
      "x-default": "https://shop.test/page/privacy-policy",
    });
    expect(urls).toContain("https://shop.test/page/privacy-policy");
    expect(urls.some((u) => u.includes("terms-of-sale") || u.includes("condiciones-de-venta"))).toBe(false);
    const tote = entries.find((e) => e.url === "https://shop.test/es/product/bolso-tote-de-cuero");
    expect(tote?.alternates?.languages).toEqual({
      en: "https://shop.test/product/leather-tote",
      es: "https://shop.test/es/product/bolso-tote-de-cuero",
      "x-default": "https://shop.test/product/leather-tote",
    });
    expect(tote?.lastModified).toBe("2026-03-01T10:00:00.000Z");
  });

  it("robots disallows admin, profile and the API in both languages and points at the sitemap", async () => {
    const r = await robots();
    const rules = Array.isArray(r.rules) ? r.rules[0] : r.rules;
    expect(rules.disallow).toEqual(expect.arrayContaining(["/admin", "/profile", "/api/", "/es/admin", "/es/profile"]));
    expect(r.sitemap).toBe("https://shop.test/sitemap.xml");
  });

  it("JSON-LD of a product parses and has one offer per variant with price, currency and availability", async () => {
    const product = (await getProduct(t.db, "p_tote", "en")) as ApiProduct;
    const data = JSON.parse(jsonLdString(productJsonLd(product, { url: "https://shop.test/product/p_tote", baseUrl: "https://shop.test", brand: "Vitrina" })));
    expect(data).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: "Leather Tote", brand: { name: "Vitrina" } });
    expect(data.image).toEqual(["https://shop.test/uploads/tote-1.webp", "https://shop.test/uploads/tote-2.webp"]);
    expect(data.offers).toEqual([
      expect.objectContaining({ "@type": "Offer", price: "99.00", priceCurrency: "EUR", availability: "https://schema.org/InStock", url: "https://shop.test/product/p_tote" }),
      expect.objectContaining({ price: "110.00", priceCurrency: "EUR", availability: "https://schema.org/OutOfStock" }),
    ]);
    // The sanitized description carries no script: its text is what a search engine reads.
    expect(data.description).toBe("Soft leather .");
  });

  it("a product that is not purchasable is out of stock in every offer", async () => {
    const strap = (await getProduct(t.db, "p_strap", "es")) as ApiProduct;
    const data = productJsonLd(strap, { url: "u", baseUrl: "https://shop.test", brand: "V" });
    expect(data.offers.map((o) => o.availability)).toEqual(["https://schema.org/OutOfStock"]);
  });

  it("cart refresh answers the catalog's current sale price and title, in the shopper's language, and skips gone variants", async () => {
    const lines = await currentCartLines(t.db, ["v_tote_black", "v_hidden", "v_missing", "v_watch"], "es");
    const byId = new Map(lines.map((l) => [l.variantId, l]));
    expect([...byId.keys()].sort()).toEqual(["v_tote_black", "v_watch"]);
    expect(byId.get("v_tote_black")).toMatchObject({ productId: "p_tote", productTitle: "Bolso tote de cuero", variantTitle: "Negro", unitPriceCents: 9900, currency: "EUR", imageUrl: "/uploads/tote-2.webp" });
    expect(byId.get("v_watch")).toMatchObject({ unitPriceCents: 25000, imageUrl: "https://cdn.example.com/watch.webp" });
  });

  it("featured products fall back to catalog order when none is flagged; categories read in the shopper's language", async () => {
    expect(await listFeaturedProductIds(t.db, 2)).toEqual(VISIBLE_IN_CATALOG_ORDER.slice(0, 2));
    expect(await findCategoryBySlug(t.db, "bolsos", "es")).toMatchObject({ slug: "handbags", slugEs: "bolsos", address: "bolsos", name: "Bolsos" });
    expect(await findCategoryBySlug(t.db, "handbags", "en")).toMatchObject({ slug: "handbags", address: "handbags", name: "Handbags" });
    expect(await findCategoryBySlug(t.db, "nope", "en")).toBeNull();
  });
});

describe("meta description, JSON escaping and listing parameters", () => {
  it("strips HTML, decodes entities and cuts at 160 characters", () => {
    expect(plainText("<p>Soft &amp; <b>warm</b></p><script>x()</script>")).toBe("Soft & warm");
    const long = `<p>${"word ".repeat(80)}</p>`;
    const description = productMetaDescription({ title: "T", subtitle: null, description: long });
    expect(Array.from(description).length).toBeLessThanOrEqual(160);
    expect(description.endsWith("…")).toBe(true);
    expect(productMetaDescription({ title: "T", subtitle: "Sub", description: null })).toBe("Sub");
    expect(truncate("short")).toBe("short");
  });

  it("escapes < so catalogue text cannot close the script element, and still parses back", () => {
    const json = jsonLdString({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script>");
  });

  it("reads ?page= leniently and gives later pages their own canonical", () => {
    expect([parsePageParam(undefined), parsePageParam("3"), parsePageParam("-1"), parsePageParam("abc"), parsePageParam(["2", "5"])]).toEqual([1, 3, 1, 1, 2]);
    expect(listingAlternates("/store", "es", 2)).toEqual({
      canonical: "/es/store?page=2",
      languages: { en: "/store?page=2", es: "/es/store?page=2", "x-default": "/store?page=2" },
    });
  });
});
