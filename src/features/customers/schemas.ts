import { z } from "zod";

/** The customer list's query: part of a name or an address, and the page (docs/product.md#admin-customers). */
export const customerListSchema = z.object({
  q: z.string().trim().max(200).optional().default(""),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
});
export type CustomerListQuery = z.output<typeof customerListSchema>;

/** Who a customer page is about: an account (`a_<id>`) or a guest address (`g_<base64url of the address>`). */
export type CustomerKey = { kind: "account"; userId: string } | { kind: "guest"; email: string };

export function customerKeyOf(who: { userId: string | null; email: string }): string {
  return who.userId ? `a_${who.userId}` : `g_${Buffer.from(who.email.toLowerCase(), "utf8").toString("base64url")}`;
}

const emailSchema = z.string().trim().toLowerCase().email().max(320);

export function parseCustomerKey(raw: unknown): CustomerKey | null {
  if (typeof raw !== "string" || raw.length > 600) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (value.startsWith("a_") && /^[A-Za-z0-9_-]{1,200}$/.test(value.slice(2))) return { kind: "account", userId: value.slice(2) };
  if (value.startsWith("g_")) {
    const email = emailSchema.safeParse(Buffer.from(value.slice(2), "base64url").toString("utf8"));
    if (email.success) return { kind: "guest", email: email.data };
  }
  return null;
}

/** A note typed on the customer page: 1 to 2000 characters, surrounding space trimmed. */
export const customerNoteSchema = z.object({
  customer: z.string().min(1).max(600),
  body: z.string().trim().min(1).max(2000),
});
