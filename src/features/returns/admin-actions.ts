"use server";

import { revalidateCatalog } from "@/features/catalog/cache";
import { runAdminAction, runStaffAction, type ActionResult } from "@/features/admin/action-runner";
import { refundProviderFor } from "@/features/orders/refund-provider";
import { z } from "zod";
import { settings } from "@/server/env";
import { parseMoneyInput } from "@/lib/money";
import { orderCurrency } from "@/features/orders/order-reads";
import { ReturnAdminError } from "./errors";
import { refundSchema, rejectReturnSchema, returnIdSchema } from "./schemas";
import { refundOrder } from "./refund-service";
import { approveReturn, receiveAndRefundReturn, refundReturn, rejectReturn } from "./service";

/*
 * The back-office's steps on a return (docs/product.md#returns): validate → session → service (audit row, order event
 * and email in the step's transaction). Staff handle returns like admins (decision 0380): the return's own steps go
 * through runStaffAction; a refund from the order page, whose amount is typed, stays with runAdminAction.
 * tests/security/admin-authorization.test.ts calls every export here without the right.
 */

const providerFor = (name: string) => refundProviderFor(name, settings());

export async function approveReturnAction(returnId: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
    () => returnIdSchema.parse(returnId),
    async ({ db, actor, input }) => {
      await approveReturn(db, actor, input);
      return undefined;
    },
  );
}

export async function rejectReturnAction(returnId: unknown, reason: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
    () => {
      const parsed = rejectReturnSchema.safeParse({ returnId, reason });
      if (parsed.success) return parsed.data;
      if (parsed.error.issues.some((i) => i.path[0] === "reason")) throw new ReturnAdminError("rejectReason");
      throw parsed.error;
    },
    async ({ db, actor, input }) => {
      await rejectReturn(db, actor, input.returnId, input.reason);
      return undefined;
    },
  );
}

/** The parcel is back: stock returns (so product pages must not keep the old figure), then the refund. */
export async function receiveReturnAction(returnId: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
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
  return runStaffAction(
    () => returnIdSchema.parse(returnId),
    async ({ db, actor, input }) => {
      await refundReturn(db, actor, input, providerFor);
      return undefined;
    },
  );
}

/**
 * A refund from the order page (docs/product.md#refunds): the amount arrives as the admin typed it and is read in the
 * order's currency by the service's caller here; units, shipping and reason are checked by the schema.
 */
export async function refundOrderAction(input: unknown): Promise<ActionResult<{ refundedCents: number }>> {
  return runAdminAction(
    () => parseRefundForm(input),
    async ({ db, actor, input: form }) => {
      const currency = await orderCurrency(db, form.orderId);
      const amount = form.amount.trim() === "" ? { ok: true as const, cents: 0 } : parseMoneyInput(form.amount, currency);
      if (!amount.ok || amount.cents < 0) throw new ReturnAdminError("refundAmount");
      const row = await refundOrder(db, actor, form.orderId, { ...form, amountCents: amount.cents }, providerFor);
      return { refundedCents: row.linesCents + row.shippingCents + row.amountCents };
    },
  );
}

function parseRefundForm(input: unknown) {
  const parsed = refundSchema.omit({ amountCents: true }).extend({ amount: z.string().max(30) }).safeParse(input);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path[0];
  if (field === "reason") throw new ReturnAdminError("refundReason");
  if (field === "amount") throw new ReturnAdminError("refundAmount");
  throw parsed.error;
}
