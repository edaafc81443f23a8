import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { promotionRedemptions, promotions } from "@/server/db/schema/promotions";
import { writeAudit, type AdminActor } from "@/server/audit";
import { shopSettings } from "@/features/settings/queries";
import { PromotionAdminError } from "./promotion-errors";
import { promotionInput, type PromotionInput } from "./schemas";

/** Discount codes and automatic promotions, changed by admins, audit-logged in the same transaction. */

/** Each refusal names the form's field it is about, so the editor marks and focuses it. */
function assertValid(input: PromotionInput) {
  const onAmount = { field: "amount" };
  if (input.kind === "percent" && (input.value < 1 || input.value > 10_000)) throw new PromotionAdminError("promotionValue", {}, undefined, onAmount);
  if (input.kind === "fixed" && input.value < 1) throw new PromotionAdminError("promotionValue", {}, undefined, onAmount);
  if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) throw new PromotionAdminError("promotionDates", {}, undefined, { field: "endsAt" });
}

async function assertCodeFree(tx: Pick<Db, "select">, code: string | null, exceptId: number | null) {
  if (!code) return;
  const [taken] = await tx.select({ id: promotions.id }).from(promotions).where(sql`lower(${promotions.code}) = lower(${code})`);
  if (taken && taken.id !== exceptId) throw new PromotionAdminError("duplicateCode", { code });
}

/** The catalog's answer to "which of these ids exist" (src/features/catalog/target-lookup.ts), handed in by the caller. */
export type TargetLookup = (db: Db, kind: "product" | "category", ids: string[], locale: string) => Promise<Array<{ id: string }>>;

/** Every product and category a promotion names exists (the picker offers only those; a stale or forged id is refused). */
async function assertTargetsExist(db: Db, input: PromotionInput, lookup: TargetLookup) {
  for (const [kind, ids] of [["product", input.productIds], ["category", input.categoryIds]] as const) {
    const found = new Set((await lookup(db, kind, ids, "en")).map((t) => t.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new PromotionAdminError("promotionTargetUnknown", { kind, ids: missing.join(", ") }, undefined, { field: kind === "product" ? "productIds" : "categoryIds" });
  }
}

/**
 * The admin form as sent → a new or changed promotion. Amounts are read in the store currency and dates on the shop's
 * clock (settings: store.timeZone), both from the settings of the database written to.
 */
export async function savePromotionForm(db: Db, actor: AdminActor, id: number | null, raw: unknown, lookup: TargetLookup) {
  const { money, store } = await shopSettings(db);
  const input = promotionInput(raw, money.currency, store.timeZone);
  await assertTargetsExist(db, input, lookup);
  return id === null ? createPromotion(db, actor, input) : updatePromotion(db, actor, id, input);
}

export async function listPromotions(db: Db) {
  return db.select().from(promotions).orderBy(desc(promotions.id));
}

export async function getPromotion(db: Db, id: number) {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  return row ?? null;
}

export async function createPromotion(db: Db, actor: AdminActor, input: PromotionInput) {
  assertValid(input);
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code, null);
    const [row] = await tx.insert(promotions).values(input).returning();
    await writeAudit(tx, actor, { action: "promotion.create", entity: "promotion", entityId: String(row.id), after: input });
    return row;
  });
}

export async function updatePromotion(db: Db, actor: AdminActor, id: number, input: PromotionInput) {
  assertValid(input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for("update");
    if (!before) throw new PromotionAdminError("promotionNotFound");
    await assertCodeFree(tx, input.code, id);
    // The usage limit cannot go below the uses already held by orders (the table's check would refuse it anyway).
    const usageLimit = input.usageLimit === null ? null : Math.max(input.usageLimit, before.usedCount);
    const [row] = await tx.update(promotions).set({ ...input, usageLimit, updatedAt: new Date() }).where(eq(promotions.id, id)).returning();
    await writeAudit(tx, actor, { action: "promotion.update", entity: "promotion", entityId: String(id), before, after: input });
    return row;
  });
}

/**
 * Deletes a promotion no order ever used (docs/product.md#discount-codes). One that orders used, even cancelled ones,
 * is refused with how many orders hold it and the advice to switch it off: its redemptions keep usage counts and
 * once-per-customer history exact, and the orders keep their own copy of the discount line either way.
 */
export async function deletePromotion(db: Db, actor: AdminActor, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for("update");
    if (!before) throw new PromotionAdminError("promotionNotFound");
    const [{ orders }] = await tx.select({ orders: count() }).from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, id));
    if (orders > 0) throw new PromotionAdminError("promotionInUse", { orders });
    await tx.delete(promotions).where(eq(promotions.id, id));
    await writeAudit(tx, actor, { action: "promotion.delete", entity: "promotion", entityId: String(id), before, after: null });
  });
}

/** Switches a promotion on or off without touching anything else (the way out when it cannot be deleted). */
export async function setPromotionActive(db: Db, actor: AdminActor, id: number, active: boolean) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ active: promotions.active }).from(promotions).where(eq(promotions.id, id)).for("update");
    if (!before) throw new PromotionAdminError("promotionNotFound");
    await tx.update(promotions).set({ active, updatedAt: new Date() }).where(eq(promotions.id, id));
    await writeAudit(tx, actor, { action: active ? "promotion.activate" : "promotion.deactivate", entity: "promotion", entityId: String(id), before, after: { active } });
  });
}
