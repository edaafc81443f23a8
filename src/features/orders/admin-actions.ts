"use server";

import { settings } from "@/server/env";
import { runStaffAction, type ActionResult } from "@/features/admin/action-runner";
import { revalidateCatalog } from "@/features/catalog/cache";
import { orderIdSchema } from "./admin-schemas";
import { cancelOrderAsAdmin, shipOrder } from "./admin-service";
import { refundProviderFor } from "./refund-provider";

/*
 * Admin server actions on orders (ship, cancel). Each one goes through runStaffAction (staff may ship and cancel; docs/product.md#staff-role) (validate → session with the right → service →
 * revalidate), so none can be called without an admin session; tests/security/admin-authorization.test.ts calls
 * every export of every features/<domain>/admin-actions.ts.
 */

export async function shipOrderAction(orderId: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
    () => orderIdSchema.parse(orderId),
    async ({ db, actor, input: id }) => {
      await shipOrder(db, actor, id);
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
