import { count, desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { contactMessages } from "@/server/db/schema/contact";
import { enqueueMail, forgetMail } from "@/server/mail/outbox";
import { consumeRateLimits, type WindowRule } from "@/features/accounts/rate-limit";
import { pageCount, pageNumber, pageWindow } from "@/lib/paging";
import { buildContactMail } from "./emails";
import { contactFieldErrors, contactMessageSchema, type ContactField } from "./schemas";

/*
 * The contact form (docs/product.md#contact-form): a message is stored and mailed to the shop's contact address through
 * the outbox, in one transaction, with Reply-To the sender. Limited per sender address and per client address in the
 * shared rate_limit table, so the form cannot be used to flood the owner's inbox.
 */

/**
 * Messages allowed per hour: a person with a follow-up question gets through, a script repeating one address or one
 * client does not. The client's budget is larger: an office or a family may share one address.
 */
export const CONTACT_RULES = {
  windowSeconds: 60 * 60,
  email: 3,
  client: 10,
} as const satisfies { windowSeconds: number; email: number; client: number };

export const contactRateRule = (key: "email" | "client"): WindowRule => ({ windowSeconds: CONTACT_RULES.windowSeconds, max: CONTACT_RULES[key] });

export type ContactResult =
  | { ok: true }
  | { ok: false; reason: "invalid"; fieldErrors: Partial<Record<ContactField, string>> }
  | { ok: false; reason: "rate_limited"; retryAfter: number };

/** Where the message goes: the shop's contact address (shopSettings().store) and its name for the subject. */
export type ContactRecipient = { email: string; storeName: string };

/**
 * Validates, limits, then stores the message and writes its mail to the outbox. A filled honeypot is answered as sent
 * and nothing is stored, sent or counted: a robot learns nothing from the answer.
 */
export async function submitContactMessage(db: Db, input: unknown, client: string, to: ContactRecipient): Promise<ContactResult> {
  const parsed = contactMessageSchema.safeParse(input);
  if (!parsed.success) {
    if (honeypotFilled(input)) return { ok: true };
    return { ok: false, reason: "invalid", fieldErrors: contactFieldErrors(parsed.error) };
  }
  const { name, email, message, locale, website } = parsed.data;
  if (website) return { ok: true };
  // The sender's address first, then the client's: every caller locks the two rows in this order.
  const limits = await consumeRateLimits(
    db,
    [
      { key: `contact:email:${email}`, max: CONTACT_RULES.email },
      { key: `contact:client:${client}`, max: CONTACT_RULES.client },
    ],
    CONTACT_RULES.windowSeconds,
  );
  const refused = limits.filter((l) => !l.allowed);
  if (refused.length) return { ok: false, reason: "rate_limited", retryAfter: Math.max(...refused.map((l) => l.retryAfter ?? 1)) };
  await db.transaction(async (tx) => {
    const mailId = await enqueueMail(tx, buildContactMail(to.email, to.storeName, { name, email, message, locale }));
    await tx.insert(contactMessages).values({ name, email, message, locale, mailId });
  });
  return { ok: true };
}

function honeypotFilled(input: unknown): boolean {
  const value = input && typeof input === "object" ? (input as Record<string, unknown>).website : undefined;
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
}

export const CONTACT_PAGE_SIZE = 20;

/** The admin's "Received messages": newest first, a page at a time. */
export async function listContactMessages(db: Db, options: { page?: number } = {}) {
  const page = pageNumber(options.page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(CONTACT_PAGE_SIZE)
      .offset(pageWindow(page, CONTACT_PAGE_SIZE).offset),
    db.select({ total: count() }).from(contactMessages),
  ]);
  return { rows, total: Number(total), page, pageCount: pageCount(Number(total), CONTACT_PAGE_SIZE) };
}

/** An address's messages as the person's data export shows them (docs/product.md#data-rights). */
export async function contactMessagesOf(db: Db, email: string) {
  const rows = await db.select().from(contactMessages).where(eq(contactMessages.email, email.trim().toLowerCase()));
  return rows.map((m) => ({ name: m.name, email: m.email, message: m.message, language: m.locale, sentAt: m.createdAt }));
}

/**
 * Forgets an address's messages (its account is being deleted), with the mails that carried them to the shop: those
 * are addressed to the shop, so forgetting mail to the person's address would leave their words in the outbox.
 */
export async function forgetContactMessagesFrom(tx: Executor, email: string): Promise<void> {
  const gone = await tx.delete(contactMessages).where(eq(contactMessages.email, email.trim().toLowerCase())).returning({ mailId: contactMessages.mailId });
  await forgetMail(tx, gone.flatMap((m) => (m.mailId === null ? [] : [m.mailId])));
}
