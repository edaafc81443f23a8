import { and, asc, eq, isNull, lte, or, gt, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { promotionRedemptions, promotions } from "@/server/db/schema/promotions";
import type { EngineDiscount, RejectedDiscount } from "@/features/taxes/pricing-engine";
import { PromotionError } from "./promotion-errors";

export type PromotionRow = typeof promotions.$inferSelect;

/** Codes are letters, digits, - and _, compared case-insensitively. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export function toEngineDiscount(row: PromotionRow, locale: string): EngineDiscount {
  return {
    id: row.id,
    code: row.code ? normalizeCode(row.code) : null,
    name: (locale === "es" && row.nameEs) || row.nameEn,
    kind: row.kind,
    value: row.value,
    minSubtotalCents: row.minSubtotalCents,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
  };
}

/**
 * The promotion behind a code the shopper typed, or a PromotionError saying why it cannot be used: unknown (or
 * switched off), not yet started, expired, used up, already used by this customer.
 */
export async function findUsableCode(tx: Executor, rawCode: string, opts: { now: Date; userId: string | null }): Promise<PromotionRow> {
  const code = rawCode.trim();
  if (!CODE_PATTERN.test(code)) throw new PromotionError("invalid");
  const shown = normalizeCode(code);
  const [row] = await tx.select().from(promotions).where(sql`lower(${promotions.code}) = lower(${code})`);
  if (!row || !row.active) throw new PromotionError("unknown", { code: shown });
  if (row.startsAt && row.startsAt > opts.now) throw new PromotionError("not_started", { code: shown, date: row.startsAt });
  if (row.endsAt && row.endsAt <= opts.now) throw new PromotionError("expired", { code: shown, date: row.endsAt });
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) throw new PromotionError("used_up", { code: shown });
  if (row.oncePerCustomer && opts.userId) {
    const [used] = await tx
      .select({ id: promotionRedemptions.id })
      .from(promotionRedemptions)
      .where(and(eq(promotionRedemptions.promotionId, row.id), eq(promotionRedemptions.userId, opts.userId), eq(promotionRedemptions.released, false)))
      .limit(1);
    if (used) throw new PromotionError("already_used", { code: shown });
  }
  return row;
}

/** The engine said the code did not apply to this cart, and why. */
export function rejectionError(rejection: RejectedDiscount, row: PromotionRow, currency: string): PromotionError {
  const code = normalizeCode(row.code ?? "");
  if (rejection.reason === "minimum_not_reached") {
    return new PromotionError("minimum_not_reached", { code, amount: { cents: row.minSubtotalCents, currency } });
  }
  return new PromotionError("not_applicable", { code });
}

/** Automatic promotions (no code) running at `now`, oldest first; they apply before any code. */
export async function activeAutomaticPromotions(tx: Executor, now: Date): Promise<PromotionRow[]> {
  return tx
    .select()
    .from(promotions)
    .where(
      and(
        isNull(promotions.code),
        eq(promotions.active, true),
        or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
        or(isNull(promotions.usageLimit), sql`${promotions.usedCount} < ${promotions.usageLimit}`),
      ),
    )
    .orderBy(asc(promotions.id));
}

/**
 * Takes one use of each promotion for an order, inside the checkout's transaction. The count is taken by a
 * conditional UPDATE (`used_count < usage_limit`): concurrent checkouts queue on the row and re-check the condition,
 * so a code limited to 5 uses gives exactly 5 orders. Throws used_up / already_used; the caller's transaction then
 * rolls back the order and its stock together.
 */
export async function claimPromotionUses(tx: Executor, rows: PromotionRow[], order: { orderId: number; userId: string }) {
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const code = normalizeCode(row.code ?? row.nameEn);
    const taken = await tx
      .update(promotions)
      .set({ usedCount: sql`${promotions.usedCount} + 1` })
      .where(and(eq(promotions.id, row.id), or(isNull(promotions.usageLimit), sql`${promotions.usedCount} < ${promotions.usageLimit}`)))
      .returning({ id: promotions.id });
    if (taken.length === 0) throw new PromotionError("used_up", { code });
    const inserted = await tx
      .insert(promotionRedemptions)
      .values({ promotionId: row.id, orderId: order.orderId, userId: order.userId, oncePerCustomer: row.oncePerCustomer })
      .onConflictDoNothing()
      .returning({ id: promotionRedemptions.id });
    if (inserted.length === 0) throw new PromotionError("already_used", { code });
  }
}

/**
 * Gives back the uses an order took (cancelled or expired order). Once only: the redemption is flipped to released by
 * a conditional update before its count is decremented.
 */
export async function releasePromotionUses(tx: Executor, orderId: number): Promise<number> {
  const released = await tx
    .update(promotionRedemptions)
    .set({ released: true })
    .where(and(eq(promotionRedemptions.orderId, orderId), eq(promotionRedemptions.released, false)))
    .returning({ promotionId: promotionRedemptions.promotionId });
  for (const { promotionId } of released) {
    await tx
      .update(promotions)
      .set({ usedCount: sql`greatest(${promotions.usedCount} - 1, 0)` })
      .where(eq(promotions.id, promotionId));
  }
  return released.length;
}

