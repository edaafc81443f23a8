import { expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { describeOnEachDatabase, withTestDatabase, type TestDatabase } from "../helpers/test-database";
import { queryRows } from "@/server/db/rows";
import { products, variants } from "@/server/db/schema/catalog";
import { getProduct } from "@/features/catalog/service";
import { loadThresholds } from "@/features/stock-alerts/thresholds";
import { CatalogError } from "@/features/catalog/errors";
import { createProduct, loadProductForAdmin } from "../../src/features/catalog/product-admin-service";
import { withSkuGuard } from "../../src/features/catalog/product-admin-writes";
import { validateProductInput } from "../../src/features/catalog/product-input";
import { createWholeProduct, saveWholeProduct } from "../../src/features/catalog/product-whole-save";

const actor = { userId: "usr_admin", email: "admin@example.com" };
const isAdmin = async () => undefined;
class NotAdmin extends Error {}
const isStaff = async () => {
  throw new NotAdmin();
};

let seq = 0;
async function newProduct(db: TestDatabase["db"]) {
  seq++;
  const { id } = await createProduct(
    db,
    actor,
    {
      titleEn: "Linen Shirt",
      titleEs: "Camisa de lino",
      variants: [
        { titleEn: "S", titleEs: "S", sku: `LIN-${seq}-S`, priceCents: 3000, manageInventory: true, stock: 4, imageUrl: null },
        { titleEn: "M", titleEs: "M", sku: `LIN-${seq}-M`, priceCents: 3000, manageInventory: true, stock: 6, imageUrl: null },
      ],
    },
    "EUR",
  );
  const form = (await loadProductForAdmin(db, id, "EUR"))!;
  return { id, input: form.input, variantIds: form.input.variants.map((v) => v.id!) };
}

async function auditActions(db: TestDatabase["db"], id: string) {
  const rows = await queryRows<{ action: string }>(db, sql`select action from audit_log where entity_id = ${id} order by id`);
  return rows.map((r) => r.action);
}

async function stored(db: TestDatabase["db"], id: string) {
  const [row] = await db.select({ titleEn: products.titleEn, taxClass: products.taxClass }).from(products).where(eq(products.id, id));
  return { ...row, thresholds: (await loadThresholds(db, id)).map((t) => t.threshold) };
}

async function refusal(save: Promise<unknown>) {
  try {
    await save;
  } catch (error) {
    return error;
  }
  throw new Error("the save was not refused");
}

describeOnEachDatabase("the product editor's one save", (kind) => {
  const database = withTestDatabase(kind);

  it("saves the product, its thresholds and its tax class together, each part audit-logged, info blocks sanitized", async () => {
    const { db } = database;
    const { id, input, variantIds } = await newProduct(db);
    await saveWholeProduct(
      db,
      actor,
      id,
      {
        product: {
          ...input,
          titleEn: "Linen Shirt II",
          additionalInfo: [{ titleEn: "Care", titleEs: "Cuidados", descriptionEn: "<p><strong>Cold</strong> wash<script>alert(1)</script></p>", descriptionEs: "<p>En frío</p>" }],
        },
        thresholds: [
          { variantId: variantIds[0], threshold: 2 },
          { variantId: variantIds[1], threshold: null },
        ],
        taxClass: "reduced",
      },
      "EUR",
      isAdmin,
    );
    expect(await stored(db, id)).toEqual({ titleEn: "Linen Shirt II", taxClass: "reduced", thresholds: [2, null] });
    expect(await auditActions(db, id)).toEqual(["create", "update", "update-low-stock", "product.tax_class"]);
    const en = await getProduct(db, id, "en");
    expect(en!.additional_info).toEqual([expect.objectContaining({ title: "Care", description: "<p><strong>Cold</strong> wash</p>" })]);
  });

  it("a refused threshold leaves the product, the tax class and the audit log as they were", async () => {
    const { db } = database;
    const { id, input, variantIds } = await newProduct(db);
    const before = await stored(db, id);
    // The second variant is removed in the same save, so its threshold names a variant the product no longer has.
    const error = await refusal(
      saveWholeProduct(
        db,
        actor,
        id,
        { product: { ...input, titleEn: "Changed", variants: [input.variants[0]] }, thresholds: [{ variantId: variantIds[1], threshold: 3 }], taxClass: "zero" },
        "EUR",
        isAdmin,
      ),
    );
    expect(error).toMatchObject({ code: "variantNotFound" });
    expect(await stored(db, id)).toEqual(before);
    expect((await loadProductForAdmin(db, id, "EUR"))!.input.variants).toHaveLength(2);
    expect(await auditActions(db, id)).toEqual(["create"]);
  });

  it("staff save the product, but a change of threshold or tax class by them is refused and saves nothing", async () => {
    const { db } = database;
    const { id, input, variantIds } = await newProduct(db);
    const unchangedParts = { thresholds: variantIds.map((variantId) => ({ variantId, threshold: null })), taxClass: "standard" as const };
    await saveWholeProduct(db, actor, id, { product: { ...input, titleEn: "By staff" }, ...unchangedParts }, "EUR", isStaff);
    expect(await stored(db, id)).toEqual({ titleEn: "By staff", taxClass: "standard", thresholds: [null, null] });
    const saved = (await loadProductForAdmin(db, id, "EUR"))!.input;
    const error = await refusal(saveWholeProduct(db, actor, id, { product: { ...saved, titleEn: "Again" }, ...unchangedParts, taxClass: "zero" }, "EUR", isStaff));
    expect(error).toBeInstanceOf(NotAdmin);
    expect(await stored(db, id)).toEqual({ titleEn: "By staff", taxClass: "standard", thresholds: [null, null] });
  });

  it("names the field at fault as the editor names it: a variant's SKU, an information block's title", async () => {
    const { db } = database;
    const { id, input } = await newProduct(db);
    const [s, m] = input.variants;
    const duplicate = await refusal(saveWholeProduct(db, actor, id, { product: { ...input, variants: [s, { ...m, sku: s.sku }] } }, "EUR", isAdmin));
    expect(duplicate).toBeInstanceOf(CatalogError);
    expect(duplicate).toMatchObject({ code: "duplicateSku", field: "variants.1.sku" });
    const blocks = [
      { titleEn: "", titleEs: "", descriptionEn: "<p><br></p>", descriptionEs: "" },
      { titleEn: "", titleEs: "Sin título", descriptionEn: "<p>Text</p>", descriptionEs: "" },
    ];
    const untitled = await refusal(saveWholeProduct(db, actor, id, { product: { ...input, additionalInfo: blocks } }, "EUR", isAdmin));
    expect(untitled).toMatchObject({ code: "infoTitleRequired", field: "additionalInfo.1.titleEn", params: { n: 2 } });
    expect(await auditActions(db, id)).toEqual(["create"]);
  });

  it("creates a new product with its thresholds and tax class in the one save, each part audit-logged", async () => {
    const { db } = database;
    const product = {
      titleEn: "Wool Scarf",
      variants: [
        { titleEn: "Grey", sku: "WOOL-NEW-G", priceCents: 2500, manageInventory: true, stock: 5, imageUrl: null },
        { titleEn: "Gift card", sku: "", priceCents: 1000, manageInventory: false, stock: 0, imageUrl: null },
        { titleEn: "Blue", sku: "WOOL-NEW-B", priceCents: 2500, manageInventory: true, stock: 2, imageUrl: null },
      ],
    };
    const thresholds = [
      { variant: 0, threshold: 3 },
      { variant: 2, threshold: null },
    ];
    const { id } = await createWholeProduct(db, actor, { product, thresholds, taxClass: "reduced" }, "EUR", isAdmin);
    expect(await stored(db, id)).toEqual({ titleEn: "Wool Scarf", taxClass: "reduced", thresholds: [3, null] });
    expect((await loadThresholds(db, id)).map((t) => t.title)).toEqual(["Grey", "Blue"]);
    expect(await auditActions(db, id)).toEqual(["create", "update-low-stock", "product.tax_class"]);

    // At the shop's defaults there is nothing else to write, and staff may create it.
    const plain = await createWholeProduct(db, actor, { product: { ...product, titleEn: "Plain", variants: [{ ...product.variants[0], sku: "WOOL-NEW-P" }] }, thresholds: [{ variant: 0, threshold: null }], taxClass: "standard" }, "EUR", isStaff);
    expect(await stored(db, plain.id)).toEqual({ titleEn: "Plain", taxClass: "standard", thresholds: [null] });
    expect(await auditActions(db, plain.id)).toEqual(["create"]);
  });

  it("a new product's refused part creates nothing: a threshold of a variant it lacks, a tax class by staff", async () => {
    const { db } = database;
    const count = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products where title_en = 'Refused New'`))[0].n;
    const product = { titleEn: "Refused New", variants: [{ titleEn: "One", sku: "", priceCents: 100, manageInventory: true, stock: 1, imageUrl: null }] };
    expect(await refusal(createWholeProduct(db, actor, { product, thresholds: [{ variant: 1, threshold: 3 }] }, "EUR", isAdmin))).toMatchObject({ code: "variantNotFound" });
    expect(await refusal(createWholeProduct(db, actor, { product, taxClass: "zero" }, "EUR", isStaff))).toBeInstanceOf(NotAdmin);
    expect(await refusal(createWholeProduct(db, actor, { product, thresholds: [{ variant: 0, threshold: 1 }] }, "EUR", isStaff))).toBeInstanceOf(NotAdmin);
    expect(await count()).toBe(0);
  });

  it("a SKU another product holds is refused on that variant's SKU field, new or saved, and nothing is written", async () => {
    const { db } = database;
    const holder = await newProduct(db);
    const taken = holder.input.variants[1].sku;
    const { id, input } = await newProduct(db);
    const before = await stored(db, id);
    const clash = await refusal(
      saveWholeProduct(db, actor, id, { product: { ...input, titleEn: "Clashing", variants: [input.variants[0], { ...input.variants[1], sku: taken }] }, taxClass: "zero" }, "EUR", isAdmin),
    );
    expect(clash).toBeInstanceOf(CatalogError);
    expect(clash).toMatchObject({ code: "duplicateSku", field: "variants.1.sku", params: { sku: taken } });
    expect(await stored(db, id)).toEqual(before);
    expect(await auditActions(db, id)).toEqual(["create"]);

    // A new product: the variant without a SKU before it does not shift the field named.
    const product = {
      titleEn: "Clashing New",
      variants: [
        { titleEn: "A", sku: "", priceCents: 100, manageInventory: true, stock: 1, imageUrl: null },
        { titleEn: "B", sku: taken, priceCents: 100, manageInventory: true, stock: 1, imageUrl: null },
      ],
    };
    const fresh = await refusal(createWholeProduct(db, actor, { product, thresholds: [{ variant: 0, threshold: 2 }], taxClass: "zero" }, "EUR", isAdmin));
    expect(fresh).toMatchObject({ code: "duplicateSku", field: "variants.1.sku", params: { sku: taken } });
    expect((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products where title_en = 'Clashing New'`))[0].n).toBe(0);
  });

  it("a SKU the unique index refuses (the check passed) is named on that variant's field too", async () => {
    const { db } = database;
    const holder = await newProduct(db);
    const taken = holder.input.variants[0].sku!;
    const data = validateProductInput({ titleEn: "Late", variants: [{ titleEn: "A", sku: "LATE-A", priceCents: 100 }, { titleEn: "B", sku: taken, priceCents: 100 }] });
    // The index's own refusal, as when a save passed assertSkusFree before another save took the SKU.
    const write = () => db.insert(variants).values({ id: "var_late", productId: holder.id, titleEn: "B", titleEs: "B", sku: taken, priceCents: 100, currency: "EUR" });
    const error = await refusal(withSkuGuard(data, write));
    expect(error).toBeInstanceOf(CatalogError);
    expect(error).toMatchObject({ code: "duplicateSku", field: "variants.1.sku", params: { sku: taken } });
  });

  it.runIf(kind === "postgres")("two saves of one SKU at once: the second is refused on its variant's field, nothing of it written", async () => {
    const { db } = database;
    const holder = await newProduct(db);
    const { id, input } = await newProduct(db);
    const before = await stored(db, id);
    const sku = `RACE-${seq}`;
    // The first save's transaction holds the new SKU, not yet committed: the second's check cannot see it.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    const first = db.transaction(async (tx) => {
      await tx.update(variants).set({ sku }).where(eq(variants.id, holder.variantIds[0]));
      await held;
    });
    const second = refusal(saveWholeProduct(db, actor, id, { product: { ...input, variants: [input.variants[0], { ...input.variants[1], sku }] } }, "EUR", isAdmin));
    // The second save waits on the index for the first one's row.
    await expect.poll(async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_locks where not granted`))[0].n).toBeGreaterThan(0);
    commit();
    await first;
    expect(await second).toMatchObject({ code: "duplicateSku", field: "variants.1.sku", params: { sku } });
    expect(await stored(db, id)).toEqual(before);
    expect(await auditActions(db, id)).toEqual(["create"]);
  });
});
