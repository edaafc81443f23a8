import { z } from "zod";
import { paymentMethodIds } from "@/server/db/schema/payment-methods";

export const paymentMethodIdSchema = z.enum(paymentMethodIds);

const text = (max: number) => z.string().trim().max(max);

/** What the admin saves for one method: on or off, and the method's own details (docs/product.md#payment-methods). */
export const paymentMethodInputSchema = z.discriminatedUnion("method", [
  z.object({ method: z.enum(["demo", "stripe", "mercadopago"]), enabled: z.boolean() }),
  z.object({
    method: z.literal("bank_transfer"),
    enabled: z.boolean(),
    accountHolder: text(120),
    // An IBAN or a CLABE (or another bank's account number): letters, digits and spaces as banks print them.
    account: text(40).regex(/^[A-Za-z0-9 ]*$/),
    bankName: text(120),
    holdDays: z.coerce.number().int().min(1).max(30),
  }),
  z.object({
    method: z.literal("cash_on_delivery"),
    enabled: z.boolean(),
    // In the shop currency's units as the admin types it (2.50, or 1500 for CLP); stored in minor units.
    fee: z.coerce.number().min(0).max(100_000_000),
    // The shipping zones (their ids) it is offered in; none means every zone the shop ships to (decision 0367).
    zoneIds: z.array(z.number().int().positive().max(2_147_483_647)).max(200).default([]),
  }),
]);
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;

/** The shopper's choice at checkout. */
export const checkoutPaymentMethodSchema = paymentMethodIdSchema.optional().catch(undefined);
