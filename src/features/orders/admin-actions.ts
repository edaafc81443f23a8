"use server";

import { settings } from "@/server/env";
import { runStaffAction, type ActionResult } from "@/features/admin/action-runner";
import { revalidateCatalog } from "@/features/catalog/cache";
import { orderIdSchema } from "./admin-schemas";
import { cancelOrderAsAdmin, markPaidByHand, shipOrder } from "./admin-service";
import { refundProviderFor } from "./refund-provider";
import { parseOptionalTracking } from "@/features/tracking/service";
import { markPickedUp, markReadyForPickup } from "./pickup";

/*
 * Admin server actions on orders (ship, cancel). Each one goes through runStaffAction (staff may ship and cancel; docs/product.md#staff-role) (validate → session with the right → service →
 * revalidate), so none can be called without an admin session; tests/security/admin-authorization.test.ts calls
 * every export of every features/<domain>/admin-actions.ts.
 */

/** Ships with the parcel's carrier and tracking number, or with none (docs/product.md#tracking, #local-pickup). */
export async function shipOrderAction(orderId: unknown, tracking: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
    () => ({ id: orderIdSchema.parse(orderId), tracking: parseOptionalTracking(tracking) }),
    async ({ db, actor, input }) => {
      await shipOrder(db, actor, input.id, input.tracking);
      return undefined;
    },
  );
}

export async function cancelOrderAction(orderId: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
    () => orderIdSchema.parse(orderId),
    async ({ db, actor, input: id }) => {
      // Refunded where it was paid (orders.payment_provider), whatever provider is configured today.
      await cancelOrderAsAdmin(db, actor, id, (name) => refundProviderFor(name, settings()));
      return undefined;
    },
    // The cancelled order's units are back in stock: pages showing stock must not keep the old figure.
    () => revalidateCatalog(),
  );
}

/** A transfer that arrived, or cash collected on delivery: the order is paid and its invoice issued (docs/product.md#payment-methods). */
export async function markPaidAction(orderId: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
    () => orderIdSchema.parse(orderId),
    async ({ db, actor, input: id }) => {
      await markPaidByHand(db, actor, id);
      return undefined;
    },
  );
}

/** A paid pickup order is ready at the pickup point: the shopper is told where and when (docs/product.md#local-pickup). */
export async function readyForPickupAction(orderId: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
    () => orderIdSchema.parse(orderId),
    async ({ db, actor, input: id }) => {
      await markReadyForPickup(db, actor, id);
      return undefined;
    },
  );
}

/** The shopper collected a ready pickup order (docs/product.md#local-pickup). */
export async function pickedUpAction(orderId: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
    () => orderIdSchema.parse(orderId),
    async ({ db, actor, input: id }) => {
      await markPickedUp(db, actor, id);
      return undefined;
    },
  );
}
