import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { resetSettingsForTests, settings } from "@/server/env";
import { allowedOrigin } from "@/server/http/cors";
import * as listRoute from "@/app/api/store/[store]/products/route";
import * as productRoute from "@/app/api/store/[store]/products/[id]/route";
import * as variantsRoute from "@/app/api/store/[store]/variants/route";
import { insertCatalogFixtures, VISIBLE_IN_CATALOG_ORDER } from "./catalog-fixtures";

// Vite puts BASE_URL="/" (its asset base) into process.env under Vitest; give settings() a real shop URL.
process.env.BASE_URL = "https://shop.test";
resetSettingsForTests();

const STORE = () => settings().STORE_ID;
const origin = "http://localhost";

/** Requests built the way commerce clients build them (docs/commerce-api.md): JSON content type, URLSearchParams. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Request(`${origin}${path}`, { headers: { "Content-Type": "application/json", ...headers } });
}

async function list(query: string, store = STORE()) {
  const res = await listRoute.GET(get(`/api/store/${store}/products${query}`), { params: Promise.resolve({ store }) });
  return { res, body: await res.json() };
}

async function one(id: string, query = "", store = STORE()) {
  const res = await productRoute.GET(get(`/api/store/${store}/products/${encodeURIComponent(id)}${query}`), { params: Promise.resolve({ store, id }) });
  return { res, body: await res.json() };
}

async function stock(query: string, store = STORE()) {
  const res = await variantsRoute.GET(get(`/api/store/${store}/variants${query}`), { params: Promise.resolve({ store }) });
  return { res, body: await res.json() };
}

describeOnEachDatabase("commerce API: catalog reads", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertCatalogFixtures(t.db);
    setDatabaseForTests(t.db);
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  it("lists products as {count, offset, limit, products} with absolute image URLs", async () => {
    const { res, body } = await list("");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(body).toMatchObject({ count: 4, offset: 0, limit: 20 });
    expect(body.products.map((p: { id: string }) => p.id)).toEqual(VISIBLE_IN_CATALOG_ORDER);
    const tote = body.products[0];
    expect(tote.thumbnail).toBe(`${settings().baseUrl}/uploads/tote-1.webp`);
    expect(tote.images[1]).toEqual({ url: `${settings().baseUrl}/uploads/tote-2.webp`, order: 1, type: "image" });
    expect(tote.variants[0].image_url).toBe(`${settings().baseUrl}/uploads/tote-2.webp`);
    expect(body.products[1].thumbnail).toBe("https://cdn.example.com/watch.webp"); // already absolute
    expect(tote).toHaveProperty("site_product_selection", null);
  });

  it("reads ids[] as clients encode it, repeated keys and comma lists", async () => {
    const expected = ["p_watch", "p_belt"];
    for (const q of ["?ids%5B%5D=p_belt&ids%5B%5D=p_watch", "?ids=p_belt&ids=p_watch", "?ids=p_belt,p_watch", "?ids[0]=p_belt&ids[1]=p_watch"]) {
      const { res, body } = await list(q);
      expect(res.status, q).toBe(200);
      expect(body.products.map((p: { id: string }) => p.id), q).toEqual(expected);
    }
  });

  it("accepts offset, limit, order in any case, sort_by and to_date", async () => {
    const { body } = await list("?offset=1&limit=2&order=desc&sort_by=price");
    expect(body).toMatchObject({ count: 4, offset: 1, limit: 2 });
    expect(body.products.map((p: { id: string }) => p.id)).toEqual(["p_tote", "p_belt"]);
    const newest = await list("?sort_by=newest");
    expect(newest.body.products[0].id).toBe("p_tote");
    const byTitle = await list("?sort_by=title&order=Asc&locale=es");
    expect(byTitle.body.products[0].title).toBe("Bolso tote de cuero");
    const old = await list("?to_date=2026-02-01");
    expect(old.body.products.map((p: { id: string }) => p.id)).toEqual(["p_watch"]);
    const category = await list("?category=handbags");
    expect(category.body.products.map((p: { id: string }) => p.id)).toEqual(["p_tote"]);
  });

  it("answers is_hidden=true with 200 and an empty list", async () => {
    const { res, body } = await list("?is_hidden=true");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ count: 0, products: [] });
  });

  it.each([
    ["?limit=-1", "limit"],
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?limit=99999999999999999999", "limit"],
    ["?limit=1e3", "limit"],
    ["?offset=abc", "offset"],
    ["?offset=-5", "offset"],
    ["?offset=1.5", "offset"],
    ["?ids%5B%5D=p_tote&ids%5B%5D=bad%20id", "ids[]"],
    ["?ids%5B%5D=%27%3B%20drop%20table%20products", "ids[]"],
    ["?order=sideways", "order"],
    ["?sort_by=popularity", "sort_by"],
    ["?to_date=yesterday", "to_date"],
    ["?to_date=2026-13-45", "to_date"],
    ["?is_hidden=maybe", "is_hidden"],
    ["?locale=fr", "locale"],
    ["?limit=5&limit=6", "limit"],
  ])("refuses %s with 400 naming %s", async (query, parameter) => {
    const { res, body } = await list(query);
    expect(res.status).toBe(400);
    expect(body.error.code).toBe("invalid_parameter");
    expect(body.error.parameter).toBe(parameter);
    expect(body.error.message).toContain(parameter);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("refuses more than 100 ids", async () => {
    const q = "?" + Array.from({ length: 101 }, (_, i) => `ids%5B%5D=p_${i}`).join("&");
    const { res, body } = await list(q);
    expect(res.status).toBe(400);
    expect(body.error.parameter).toBe("ids[]");
  });

  it("answers an unknown store with a 404 JSON error on every call", async () => {
    for (const { res, body } of [await list("", "other"), await one("p_tote", "", "other"), await stock("?product_ids%5B%5D=p_tote", "other")]) {
      expect(res.status).toBe(404);
      expect(body.error).toMatchObject({ code: "store_not_found" });
      expect(body.error.message).toContain("other");
    }
  });

  it("gives one product as {product} with media and every field", async () => {
    const { res, body } = await one("p_tote");
    expect(res.status).toBe(200);
    const p = body.product;
    for (const field of [
      "id", "title", "subtitle", "ribbon_text", "description", "image", "thumbnail", "images", "media", "price_in_cents", "currency",
      "status", "purchasable", "order", "site_product_selection", "options", "variants", "collections", "product_collections",
      "additional_info", "type", "custom_fields", "related_products", "updated_at", "created_at", "deleted_at", "metadata",
    ]) {
      expect(p, field).toHaveProperty(field);
    }
    expect(p.media).toEqual(p.images);
    expect(p.media[0].url).toBe(`${settings().baseUrl}/uploads/tote-1.webp`);
    const price = p.variants[0].prices[0];
    expect(price).toEqual({ amount: 12000, sale_amount: 9900, currency_code: "eur", currency: { code: "EUR", symbol: "€", template: "€$1", decimal_digits: 2 } });
    expect(price.currency.template.split("$1")).toHaveLength(2);
    expect(p.description).not.toMatch(/<script|onerror/);
  });

  it("narrows a product to the asked fields with ?field=", async () => {
    const { body } = await one("p_tote", "?field=title,variants");
    expect(Object.keys(body.product).sort()).toEqual(["id", "title", "variants"]);
    const bad = await one("p_tote", "?field=password");
    expect(bad.res.status).toBe(400);
    expect(bad.body.error.parameter).toBe("field");
  });

  it("answers 404 for missing, hidden, draft and deleted products and 400 for a malformed id", async () => {
    for (const id of ["p_missing", "p_hidden", "p_draft", "p_deleted", "p_empty"]) {
      const { res, body } = await one(id);
      expect(res.status, id).toBe(404);
      expect(body.error.code).toBe("product_not_found");
    }
    const malformed = await one("../../etc/passwd");
    expect(malformed.res.status).toBe(400);
    expect(malformed.body.error.parameter).toBe("id");
  });

  it("answers live stock as {variants: [{id, inventory_quantity}]}, uncached", async () => {
    const { res, body } = await stock("?fields=inventory_quantity&product_ids%5B%5D=p_tote&product_ids%5B%5D=p_watch");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual({
      variants: [
        { id: "v_tote_black", inventory_quantity: 5 },
        { id: "v_tote_brown", inventory_quantity: 0 },
        { id: "v_watch", inventory_quantity: 3 },
      ],
    });
  });

  it.each([
    ["?fields=inventory_quantity", "product_ids[]"],
    ["?fields=price&product_ids%5B%5D=p_tote", "fields"],
    ["?product_ids%5B%5D=not%20an%20id", "product_ids[]"],
  ])("refuses variants query %s with 400 naming %s", async (query, parameter) => {
    const { res, body } = await stock(query);
    expect(res.status).toBe(400);
    expect(body.error.parameter).toBe(parameter);
  });
});

describe("commerce API: CORS", () => {
  it("answers the preflight a JSON GET triggers", async () => {
    const req = new Request(`${origin}/api/store/main/products`, {
      method: "OPTIONS",
      headers: { Origin: "https://shop.example.com", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "content-type" },
    });
    for (const route of [listRoute, productRoute, variantsRoute]) {
      const res = route.OPTIONS(req);
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-methods")).toContain("GET");
      expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
    }
  });

  it("allows only the configured origins when a list is set", () => {
    const configured = "https://a.example, https://b.example/";
    expect(allowedOrigin("https://a.example", configured)).toBe("https://a.example");
    expect(allowedOrigin("https://b.example", configured)).toBe("https://b.example");
    expect(allowedOrigin("https://evil.example", configured)).toBeNull();
    expect(allowedOrigin(null, configured)).toBeNull();
    expect(allowedOrigin("https://evil.example", "*")).toBe("*");
  });
});
