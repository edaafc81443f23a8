import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { promotionFormValues } from "@/features/promotions/form-values";
import { catalogTargetsById } from "@/features/catalog/target-lookup";
import { shopSettings } from "@/features/settings/queries";
import type { PromotionRow } from "@/features/promotions/service";
import { getPromotion, savePromotionForm } from "@/features/promotions/admin-service";
import { PromotionAdminError } from "@/features/promotions/promotion-errors";
import { initialSettings } from "@/features/settings/queries";
import { updateSettingsSection } from "@/features/settings/service";
import { insertProduct, insertUser } from "./checkout-fixtures";

/*
 * The discount form's dates are typed on the shop's clock (settings: store.timeZone) and stored as instants
 * (docs/product.md#discount-codes); the form shows them back on the same clock. Its products must exist.
 */

const deps = { ordersExist: async () => false };
/** The edit form of a stored promotion, as its page builds it. */
async function loadPromotionForm(db: TestDatabase["db"], row: PromotionRow, locale: string) {
  const [{ money, store }, products, categories] = await Promise.all([shopSettings(db), catalogTargetsById(db, "product", row.productIds, locale), catalogTargetsById(db, "category", row.categoryIds, locale)]);
  return promotionFormValues(row, money.currency, store.timeZone, { products, categories });
}
const form = (extra: Record<string, unknown>) => ({ code: "", nameEn: "Evening sale", kind: "percent", amount: "10", minSubtotal: "0", ...extra });

describeOnEachDatabase("discount dates on the shop's clock", (kind) => {
  let t: TestDatabase;
  let actor: { userId: string; email: string };
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const admin = await insertUser(t.db);
    actor = { userId: admin.id, email: admin.email };
  });
  afterAll(() => t?.close());

  it.each([
    // zone, typed start, typed end, stored start, stored end
    ["Europe/Madrid", "2026-12-24T18:00", "2026-12-31T23:59", "2026-12-24T17:00:00.000Z", "2026-12-31T22:59:00.000Z"],
    ["Europe/Madrid", "2026-07-01T18:00", "", "2026-07-01T16:00:00.000Z", null],
    ["America/Santiago", "2026-12-24T18:00", "", "2026-12-24T21:00:00.000Z", null],
    ["Atlantic/Reykjavik", "2026-12-24T18:00", "", "2026-12-24T18:00:00.000Z", null],
  ])("in %s, %s is stored as the instant it names there and shown back as typed", async (zone, startsAt, endsAt, storedStart, storedEnd) => {
    await updateSettingsSection(t.db, "store", { ...initialSettings().store, timeZone: zone }, actor, deps);
    const saved = await savePromotionForm(t.db, actor, null, form({ startsAt, endsAt }), catalogTargetsById);
    const row = (await getPromotion(t.db, saved.id))!;
    expect(row.startsAt?.toISOString()).toBe(storedStart);
    expect(row.endsAt?.toISOString() ?? null).toBe(storedEnd);
    expect(await loadPromotionForm(t.db, row, "en")).toMatchObject({ startsAt, endsAt });
  });

  it("an edit keeps the time typed on the shop's clock, and a date that does not exist changes nothing", async () => {
    await updateSettingsSection(t.db, "store", { ...initialSettings().store, timeZone: "Europe/Madrid" }, actor, deps);
    const saved = await savePromotionForm(t.db, actor, null, form({ startsAt: "2026-12-24T18:00" }), catalogTargetsById);
    await savePromotionForm(t.db, actor, saved.id, form({ startsAt: "2026-12-26T09:30" }), catalogTargetsById);
    expect((await getPromotion(t.db, saved.id))!.startsAt?.toISOString()).toBe("2026-12-26T08:30:00.000Z");
    const refused = await savePromotionForm(t.db, actor, saved.id, form({ startsAt: "2026-02-30T10:00" }), catalogTargetsById).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PromotionAdminError);
    expect(refused).toMatchObject({ code: "promotionDateInvalid", field: "startsAt" });
    expect((await getPromotion(t.db, saved.id))!.startsAt?.toISOString()).toBe("2026-12-26T08:30:00.000Z");
  });

  it("products and categories must exist; the form names the chosen ones", async () => {
    const { productId } = await insertProduct(t.db);
    const gone = await insertProduct(t.db, { deleted: true });
    const refused = await savePromotionForm(t.db, actor, null, form({ productIds: `${productId}, ${gone.productId},prod_nowhere` }), catalogTargetsById).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "promotionTargetUnknown", params: { kind: "product", ids: `${gone.productId}, prod_nowhere` }, field: "productIds" });
    const categoryRefused = await savePromotionForm(t.db, actor, null, form({ categoryIds: "cat_nowhere" }), catalogTargetsById).catch((e: unknown) => e);
    expect(categoryRefused).toMatchObject({ code: "promotionTargetUnknown", params: { kind: "category", ids: "cat_nowhere" }, field: "categoryIds" });
    const saved = await savePromotionForm(t.db, actor, null, form({ productIds: productId }), catalogTargetsById);
    const values = await loadPromotionForm(t.db, (await getPromotion(t.db, saved.id))!, "es");
    expect(values.products).toEqual([{ id: productId, name: `Bolso de cuero ${productId}` }]);
    expect(values.categories).toEqual([]);
  });

  it("a value or a period the rules refuse is named on its field, for the editor to mark", async () => {
    const refused = async (extra: Record<string, unknown>) => {
      try {
        await savePromotionForm(t.db, actor, null, form(extra), catalogTargetsById);
      } catch (error) {
        return error;
      }
      throw new Error("not refused");
    };
    expect(await refused({ amount: "0" })).toMatchObject({ code: "promotionValue", field: "amount" });
    expect(await refused({ kind: "fixed", amount: "0" })).toMatchObject({ code: "promotionValue", field: "amount" });
    expect(await refused({ startsAt: "2026-12-24T18:00", endsAt: "2026-12-24T17:00" })).toMatchObject({ code: "promotionDates", field: "endsAt" });
  });
});

