import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { checkoutInput, demoProvider, insertUser, shipFree, stockOf } from "./checkout-fixtures";
import { queryRows } from "@/server/db/rows";
import { categories, products, variants } from "@/server/db/schema/catalog";
import { createCheckout } from "@/features/checkout/service";
import { getProduct, listProducts } from "@/features/catalog/service";
import { listProductsForAdmin } from "../../src/features/catalog/product-admin-list";
import { createProduct, loadProductForAdmin, softDeleteProduct, updateProduct } from "../../src/features/catalog/product-admin-service";
import { localStorage } from "../../src/server/storage/local-storage";
import { sniffImageType, storeProductImage } from "../../src/features/catalog/product-images";
import type { ProductInput } from "../../src/features/catalog/product-admin-schemas";

const actor = { userId: "usr_admin", email: "admin@example.com" };

let seq = 0;
function twoVariantProduct(overrides: Partial<ProductInput> = {}): ProductInput {
  seq++;
  return {
    titleEn: "Canvas Tote",
    titleEs: "Bolso de lona",
    subtitleEn: "Everyday carry",
    subtitleEs: "Para cada día",
    descriptionEn: '<p>Sturdy.<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    descriptionEs: "<p>Resistente.</p>",
    ribbonEn: "New",
    ribbonEs: "Nuevo",
    images: ["/uploads/products/a.webp", "/uploads/products/b.webp"],
    additionalInfo: [{ titleEn: "Care", titleEs: "Cuidados", descriptionEn: "Hand wash", descriptionEs: "Lavar a mano" }],
    variants: [
      { titleEn: "Sand", titleEs: "Arena", sku: `TOTE-${seq}-SAND`, priceCents: 4900, salePriceCents: 3900, manageInventory: true, stock: 5, imageUrl: "/uploads/products/a.webp" },
      { titleEn: "Navy", titleEs: "Marino", sku: `TOTE-${seq}-NAVY`, priceCents: 5200, manageInventory: true, stock: 2, imageUrl: "/uploads/products/b.webp" },
    ],
    ...overrides,
  };
}

async function counts(db: TestDatabase["db"]) {
  const [row] = await queryRows<{ products: number; variants: number; audit: number }>(
    db,
    sql`select (select count(*)::int from products) as products, (select count(*)::int from variants) as variants,
               (select count(*)::int from audit_log) as audit`,
  );
  return row;
}

describeOnEachDatabase("admin product management", (kind) => {
  let database: TestDatabase;
  let categoryId = "";
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await shipFree(database.db);
    const [cat] = await database.db.insert(categories).values({ id: "cat_bags", slug: "bags", nameEn: "Bags", nameEs: "Bolsos" }).returning();
    categoryId = cat.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("creates a product with two variants that the store shows in both languages, description sanitized", async () => {
    const { db } = database;
    const { id } = await createProduct(db, actor, twoVariantProduct({ categoryIds: [categoryId] }), "EUR");
    const es = await getProduct(db, id, "es");
    expect(es).not.toBeNull();
    expect(es!.title).toBe("Bolso de lona");
    expect(es!.ribbon_text).toBe("Nuevo");
    expect(es!.variants.map((v) => [v.title, v.sku, v.price_in_cents, v.sale_price_in_cents, v.inventory_quantity])).toEqual([
      ["Arena", expect.stringMatching(/SAND$/), 4900, 3900, 5],
      ["Marino", expect.stringMatching(/NAVY$/), 5200, null, 2],
    ]);
    // Two variants → the Style option (docs/product.md#product-page), one value per variant, in the shopper's language.
    expect(es!.options).toHaveLength(1);
    expect(es!.options[0].title).toBe("Estilo");
    expect(es!.options[0].values.map((v) => v.value)).toEqual(["Arena", "Marino"]);
    expect(es!.images.map((i) => i.url)).toEqual(["/uploads/products/a.webp", "/uploads/products/b.webp"]);
    expect(es!.collections.map((c) => c.collection_id)).toEqual([categoryId]);
    expect(es!.additional_info.map((b) => b.title)).toEqual(["Cuidados"]);
    const en = await getProduct(db, id, "en");
    expect(en!.title).toBe("Canvas Tote");
    expect(en!.description).toContain("Sturdy.");
    // Sanitized on save: what is stored carries no script or handler.
    const [stored] = await db.select().from(products).where(eq(products.id, id));
    expect(stored.descriptionEn).not.toMatch(/script|onerror/i);
    const [audit] = await queryRows<{ action: string; entity: string; entity_id: string }>(db, sql`select action, entity, entity_id from audit_log order by id desc limit 1`);
    expect(audit).toEqual({ action: "create", entity: "product", entity_id: id });
  });

  it("edits a product: texts, variants added and removed, images reordered; the store shows the edit", async () => {
    const { db } = database;
    const { id } = await createProduct(db, actor, twoVariantProduct(), "EUR");
    const form = (await loadProductForAdmin(db, id, "EUR"))!;
    const [sand] = form.input.variants;
    await updateProduct(
      db,
      actor,
      id,
      {
        ...form.input,
        titleEs: "Bolso de lona encerada",
        images: ["/uploads/products/b.webp", "/uploads/products/a.webp"],
        variants: [
          { ...sand, priceCents: 4500, salePriceCents: null },
          { titleEn: "Olive", titleEs: "Oliva", sku: `OLIVE-${id}`, priceCents: 4700, manageInventory: false, stock: 0, imageUrl: null },
        ],
      },
      "EUR",
    );
    const es = await getProduct(db, id, "es");
    expect(es!.title).toBe("Bolso de lona encerada");
    expect(es!.images.map((i) => i.url)).toEqual(["/uploads/products/b.webp", "/uploads/products/a.webp"]);
    expect(es!.variants.map((v) => [v.id === sand.id, v.title, v.price_in_cents, v.sale_price_in_cents])).toEqual([
      [true, "Arena", 4500, null],
      [false, "Oliva", 4700, null],
    ]);
    expect(es!.options[0].values.map((v) => v.value)).toEqual(["Arena", "Oliva"]);
    const audit = await queryRows<{ before: unknown; after: unknown }>(db, sql`select before, after from audit_log where entity_id = ${id} and action = 'update'`);
    expect(audit).toHaveLength(1);
  });

  it("refuses a SKU already used by another product, writing nothing", async () => {
    const { db } = database;
    const first = twoVariantProduct();
    const { id: firstId } = await createProduct(db, actor, first, "EUR");
    const takenSku = first.variants[1].sku!;
    const before = await counts(db);
    const clash = twoVariantProduct();
    clash.variants[1].sku = takenSku;
    await expect(createProduct(db, actor, clash, "EUR")).rejects.toMatchObject({ code: "duplicateSku", params: { sku: takenSku } });
    // The same SKU twice in one form is refused too.
    const twice = twoVariantProduct();
    twice.variants[1].sku = twice.variants[0].sku;
    await expect(createProduct(db, actor, twice, "EUR")).rejects.toMatchObject({ code: "duplicateSku" });
    // An edit taking another product's SKU leaves that edit unsaved.
    const { id: otherId } = await createProduct(db, actor, twoVariantProduct(), "EUR");
    const other = (await loadProductForAdmin(db, otherId, "EUR"))!;
    const afterCreate = await counts(db);
    await expect(
      updateProduct(db, actor, otherId, { ...other.input, titleEn: "Renamed", variants: [{ ...other.input.variants[0], sku: takenSku }, other.input.variants[1]] }, "EUR"),
    ).rejects.toMatchObject({ code: "duplicateSku" });
    expect(await counts(db)).toEqual(afterCreate);
    expect((await loadProductForAdmin(db, otherId, "EUR"))!.input.titleEn).toBe("Canvas Tote");
    expect(afterCreate.products).toBe(before.products + 1);
    expect((await getProduct(db, firstId, "en"))!.variants[1].sku).toBe(takenSku);
  });

  it("refuses a sale price equal to or above the price, writing nothing", async () => {
    const { db } = database;
    const before = await counts(db);
    for (const salePriceCents of [4900, 6000]) {
      const input = twoVariantProduct();
      input.variants[0] = { ...input.variants[0], priceCents: 4900, salePriceCents };
      await expect(createProduct(db, actor, input, "EUR")).rejects.toMatchObject({ code: "salePriceNotLower", params: { n: 1 } });
    }
    expect(await counts(db)).toEqual(before);
  });

  it("saves stock relative to what the form loaded: a checkout's reservation made meanwhile is kept", async () => {
    const { db } = database;
    const { id } = await createProduct(db, actor, twoVariantProduct(), "EUR");
    const form = (await loadProductForAdmin(db, id, "EUR"))!;
    const [sand, navy] = form.input.variants;
    expect(sand.loadedStock).toBe(5);

    // While the admin edits, a shopper checks out 2 units of Sand: 5 → 3.
    const shopper = await insertUser(db);
    await createCheckout(db, checkoutInput(shopper, [{ variantId: sand.id, quantity: 2 }]), demoProvider(), {});
    expect(await stockOf(db, sand.id)).toBe(3);

    // The admin adds 3 units (5 → 8 on screen): both changes survive, 3 + 3 = 6.
    await updateProduct(db, actor, id, { ...form.input, variants: [{ ...sand, stock: 8 }, navy] }, "EUR");
    expect(await stockOf(db, sand.id)).toBe(6);

    // Another checkout takes 4 (6 → 2); a form still showing 5 that asks for 0 (−5) would go below zero: refused,
    // with the current figure in the message, and nothing of that save is written.
    await createCheckout(db, checkoutInput(await insertUser(db), [{ variantId: sand.id, quantity: 4 }]), demoProvider(), {});
    const stale = { ...form.input, titleEn: "Should not be saved", variants: [{ ...sand, stock: 0 }, navy] };
    await expect(updateProduct(db, actor, id, stale, "EUR")).rejects.toMatchObject({ code: "stockChanged", params: { n: 1, loaded: 5, now: 2 } });
    expect(await stockOf(db, sand.id)).toBe(2);
    expect((await loadProductForAdmin(db, id, "EUR"))!.input.titleEn).toBe("Canvas Tote");
  });

  it("soft delete hides the product from the catalog and the admin list, and keeps the row", async () => {
    const { db } = database;
    const input = twoVariantProduct({ titleEn: "Vanishing Clutch" });
    const { id } = await createProduct(db, actor, input, "EUR");
    expect(await getProduct(db, id, "en")).not.toBeNull();
    await softDeleteProduct(db, actor, id);
    expect(await getProduct(db, id, "en")).toBeNull();
    expect((await listProducts(db, { locale: "en", limit: 100 })).products.map((p) => p.id)).not.toContain(id);
    expect((await listProductsForAdmin(db, { query: "Vanishing" })).rows).toEqual([]);
    expect(await loadProductForAdmin(db, id, "EUR")).toBeNull();
    const [row] = await db.select({ deletedAt: products.deletedAt }).from(products).where(eq(products.id, id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    await expect(softDeleteProduct(db, actor, id)).rejects.toMatchObject({ code: "productNotFound" });
    await expect(updateProduct(db, actor, id, input, "EUR")).rejects.toMatchObject({ code: "productNotFound" });
  });

  it("hiding a product takes it off the store; unknown categories and foreign variant ids are refused", async () => {
    const { db } = database;
    const { id } = await createProduct(db, actor, twoVariantProduct(), "EUR");
    const form = (await loadProductForAdmin(db, id, "EUR"))!;
    await updateProduct(db, actor, id, { ...form.input, isHidden: true }, "EUR");
    expect(await getProduct(db, id, "es")).toBeNull();
    await expect(createProduct(db, actor, twoVariantProduct({ categoryIds: ["cat_missing"] }), "EUR")).rejects.toMatchObject({ code: "categoryNotFound" });
    const [foreign] = await db.select({ id: variants.id }).from(variants).where(sql`${variants.productId} <> ${id}`).limit(1);
    await expect(
      updateProduct(db, actor, id, { ...form.input, variants: [{ ...form.input.variants[0], id: foreign.id }] }, "EUR"),
    ).rejects.toMatchObject({ code: "variantNotFound" });
  });
});

describeOnEachDatabase("admin product image upload", (kind) => {
  let database: TestDatabase;
  let dataDir = "";
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await shipFree(database.db);
    dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-upload-test-"));
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const stored = () => {
    try {
      return readdirSync(path.join(dataDir, "uploads", "products"));
    } catch {
      return [];
    }
  };

  it("refuses a non-image renamed .png, a fake header and an oversized file; writes nothing", async () => {
    const { db } = database;
    const text = new TextEncoder().encode("<?php system($_GET['c']); ?> not really a picture.png");
    expect(sniffImageType(text)).toBeNull();
    await expect(storeProductImage(db, actor, text, localStorage(path.join(dataDir, "uploads")))).rejects.toMatchObject({ code: "imageType" });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    await expect(storeProductImage(db, actor, svg, localStorage(path.join(dataDir, "uploads")))).rejects.toMatchObject({ code: "imageType" });
    const fakePng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode("garbage after a real signature")]);
    await expect(storeProductImage(db, actor, fakePng, localStorage(path.join(dataDir, "uploads")))).rejects.toMatchObject({ code: "imageUnreadable" });
    const huge = new Uint8Array(8 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff]);
    await expect(storeProductImage(db, actor, huge, localStorage(path.join(dataDir, "uploads")))).rejects.toMatchObject({ code: "imageTooLarge" });
    expect(stored()).toEqual([]);
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log where entity = 'product_image'`);
    expect(row.n).toBe(0);
  });

  it("re-encodes a real image to WebP (at most 1600 px) under DATA_DIR/uploads/products with a random name", async () => {
    const { db } = database;
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
    expect(sniffImageType(png)).toBe("png");
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#335" } }).jpeg().toBuffer();
    const first = await storeProductImage(db, actor, png, localStorage(path.join(dataDir, "uploads")));
    const second = await storeProductImage(db, actor, jpeg, localStorage(path.join(dataDir, "uploads")));
    expect(first.url).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.webp$/);
    expect(second.url).not.toBe(first.url);
    expect([first.width, first.height]).toEqual([1600, 800]);
    expect([second.width, second.height]).toEqual([40, 30]);
    const bytes = readFileSync(path.join(dataDir, first.url.replace(/^\/uploads\//, "uploads/")));
    expect(sniffImageType(bytes)).toBe("webp");
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    expect(stored()).toHaveLength(2);
  });
});
