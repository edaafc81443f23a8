import { eq, inArray } from "drizzle-orm";
import { ZodError } from "zod";
import type { Executor } from "@/server/db/executor";
import { writeAudit, type AdminActor } from "@/server/audit";
import { orders } from "@/server/db/schema/orders";
import { orderShipments } from "@/server/db/schema/tracking";
import type { Db } from "@/server/db/client";
import { TrackingError, type TrackingErrorCode } from "./errors";
import { trackingInputSchema, type TrackingData } from "./schemas";

/*
 * The parcel of a shipped order (docs/product.md#tracking): written when the admin marks the order shipped, corrected
 * later by an admin (audit-logged), read by the profile and the shipped email.
 */

export type ShipmentRow = typeof orderShipments.$inferSelect;

const trackingErrorCodes = new Set<TrackingErrorCode>(["trackingNumberRequired", "trackingNumberInvalid", "trackingUrlInvalid"]);

/** Validates the admin's carrier and number; a refusal names the field in words (TrackingError), never a zod dump. */
export function parseTracking(input: unknown): TrackingData {
  try {
    return trackingInputSchema.parse(input);
  } catch (error) {
    if (error instanceof ZodError) {
      const code = error.issues.map((i) => i.message).find((m): m is TrackingErrorCode => trackingErrorCodes.has(m as TrackingErrorCode));
      throw new TrackingError(code ?? "carrierInvalid");
    }
    throw error;
  }
}

/**
 * Shipping without a parcel to follow (a letter, a hand delivery: docs/product.md#local-pickup): no input, or the "none"
 * carrier with nothing typed, is null; anything else must be a valid carrier and number.
 */
export function parseOptionalTracking(input: unknown): TrackingData | null {
  if (input === null || input === undefined) return null;
  if (typeof input === "object" && (input as { carrier?: unknown }).carrier === "none") return null;
  return parseTracking(input);
}

function shipmentValues(data: TrackingData) {
  return { carrier: data.carrier, trackingNumber: data.trackingNumber, trackingUrl: data.carrier === "other" ? data.trackingUrl : null };
}

/** Records (or replaces) the parcel of an order, inside the caller's transaction. */
export async function saveShipment(tx: Executor, orderId: number, data: TrackingData) {
  const values = shipmentValues(data);
  await tx
    .insert(orderShipments)
    .values({ orderId, ...values })
    .onConflictDoUpdate({ target: orderShipments.orderId, set: { ...values, updatedAt: new Date() } });
  return values;
}

/** An admin corrects the carrier or number of a shipped order; the old and new values go to the audit log. */
export async function correctTracking(db: Db, actor: AdminActor, orderId: number, input: unknown) {
  const data = parseTracking(input);
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new TrackingError("orderNotFound", { id: orderId });
    if (order.status !== "shipped") throw new TrackingError("trackingNotShipped", { id: orderId });
    const [before] = await tx.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
    const after = await saveShipment(tx, orderId, data);
    await writeAudit(tx, actor, {
      action: "update-tracking",
      entity: "order",
      entityId: String(orderId),
      before: before ? { carrier: before.carrier, trackingNumber: before.trackingNumber, trackingUrl: before.trackingUrl } : null,
      after,
    });
    return after;
  });
}

export async function shipmentFor(db: Executor, orderId: number): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
  return row ?? null;
}

export async function shipmentsByOrder(db: Executor, orderIds: number[]): Promise<Map<number, ShipmentRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(orderShipments).where(inArray(orderShipments.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}
