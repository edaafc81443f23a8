import { z } from "zod";
import { checkTaxId, type TaxIdRule } from "@/lib/tax-id";
import type { OrderExtras } from "@/features/orders/order-rows";

/*
 * Checkout extras (docs/product.md#checkout-extras): an order note and the company an invoice is made out to, each
 * optional. One schema for the pay page's form (messages as the shopper types) and the server (the check that counts);
 * the tax id is checked for the order's country by src/lib/tax-id.ts. Each issue's message is a key of
 * `checkout.extras.errors`, translated where it is shown.
 */

export const ORDER_NOTE_MAX = 500;
export const COMPANY_NAME_MAX = 150;
const TAX_ID_MAX = 40;

export const extrasFields = ["orderNote", "companyName", "taxId"] as const;
export type ExtrasField = (typeof extrasFields)[number];
/** "tooLong", or "taxId.{rule}" naming the format expected for the order's country ("taxId.other" where none is known). */
export type ExtrasErrorKey = "tooLong" | `taxId.${TaxIdRule | "other"}`;
export type ExtrasFieldErrors = Partial<Record<ExtrasField, ExtrasErrorKey>>;

// Plain text: control characters other than line breaks and tabs are dropped, so nothing invisible reaches a PDF or a mail.
const plain = (v: string) => v.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "").replace(/\r\n?/g, "\n").trim();

const optionalText = (max: number) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ? plain(v) : ""))
    .pipe(z.string().max(max, { error: "tooLong" }))
    .transform((v) => v || null);

/** The extras schema for an order shipping to `country` (ISO code): its tax id rule is that country's. */
export function orderExtrasSchema(country: string) {
  return z.object({
    orderNote: optionalText(ORDER_NOTE_MAX),
    companyName: optionalText(COMPANY_NAME_MAX).transform((v) => (v ? v.replace(/\s+/g, " ") : null)),
    taxId: optionalText(TAX_ID_MAX).transform((v, ctx) => {
      if (!v) return null;
      const checked = checkTaxId(country, v);
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: "custom", message: `taxId.${checked.rule ?? "other"}` });
      return z.NEVER;
    }),
  });
}

export type ExtrasCheck = { ok: true; extras: OrderExtras } | { ok: false; fieldErrors: ExtrasFieldErrors };

/** Validates the extras for `country`; on failure, the first problem of each field. Absent input is no extras. */
export function checkOrderExtras(raw: unknown, country: string): ExtrasCheck {
  const parsed = orderExtrasSchema(country).safeParse(raw ?? {});
  if (parsed.success) return { ok: true, extras: parsed.data };
  const fieldErrors: ExtrasFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (extrasFields as readonly string[]).includes(field)) fieldErrors[field as ExtrasField] ??= issue.message.startsWith("taxId.") ? (issue.message as ExtrasErrorKey) : "tooLong";
  }
  if (Object.keys(fieldErrors).length === 0) fieldErrors.orderNote = "tooLong";
  return { ok: false, fieldErrors };
}
