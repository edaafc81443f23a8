"use server";

import { revalidateCatalog } from "@/features/catalog/cache";
import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { refundProviderFor } from "@/features/orders/refund-provider";
import { settings } from "@/server/env";
import { returnIdSchema } from "./schemas";
import { approveReturn, receiveAndRefundReturn, refundReturn, rejectReturn } from "./service";

/*
 * The admin's steps on a return (docs/product.md#returns), each through runAdminAction: validate → admin session →
 * service (audit row, order event and email in the step's transaction). tests/security/admin-authorization.test.ts
 * calls every export here without an admin session.
 */

const providerFor = (name: string) => refundProviderFor(name, settings());

export async function approveReturnAction(returnId: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => returnIdSchema.parse(returnId),
    async ({ db, actor, input }) => {
      await approveReturn(db, actor, input);
      return undefined;
    },
  );
}

export async function rejectReturnAction(returnId: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => returnIdSchema.parse(returnId),
    async ({ db, actor, input }) => {
      await rejectReturn(db, actor, input);
      return undefined;
    },
  );
}

/** The parcel is back: stock returns (so product pages must not keep the old figure), then the refund. */
export async function receiveReturnAction(returnId: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => returnIdSchema.parse(returnId),
    async ({ db, actor, input }) => {
      try {
        await receiveAndRefundReturn(db, actor, input, providerFor);
      } finally {
        await revalidateCatalog();
      }
      return undefined;
    },
  );
}

/** Retries the refund of a received return whose refund failed. */
export async function refundReturnAction(returnId: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => returnIdSchema.parse(returnId),
    async ({ db, actor, input }) => {
      await refundReturn(db, actor, input, providerFor);
      return undefined;
    },
  );
}
