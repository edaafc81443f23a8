import { eq, inArray, sql } from "drizzle-orm";
import { mailOutbox } from "../db/schema/operations";
import type { Db } from "../db/client";

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the message is about, e.g. "verify-email", "reset-password", "order-confirmation". */
  kind: string;
  locale: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletters (docs/product.md#newsletter); delivered with the message. */
  headers?: Record<string, string>;
};

/** A database or an open transaction: mail is written with the change that causes it (docs/product.md#mail-delivery). */
export type MailExecutor = Pick<Db, "insert">;

/**
 * Puts one message in the outbox; nothing is sent here. Call it inside the transaction of the state change that
 * causes the mail, so both commit or neither does; the delivery worker (./outbox-worker.ts) sends it afterwards. No
 * network call happens in the caller's request, so a request's timing does not depend on the mail server.
 */
export async function enqueueMail(executor: MailExecutor, message: MailMessage): Promise<number> {
  const [row] = await mailInsert(executor, message).returning({ id: mailOutbox.id });
  return row.id;
}

/** enqueueMail's insert, built but not run: for a caller that writes it with others in one statement (../db/one-statement.ts). */
export function mailInsert(executor: MailExecutor, message: MailMessage) {
  return executor
    .insert(mailOutbox)
    .values({ toAddress: message.to, subject: message.subject, html: message.html, text: message.text, kind: message.kind, locale: message.locale, headers: message.headers ?? null });
}

/** Removes these messages, sent or not: what they carry belongs to someone being forgotten (docs/product.md#data-rights). */
export async function forgetMail(executor: Pick<Db, "delete">, ids: readonly number[]): Promise<void> {
  if (ids.length) await executor.delete(mailOutbox).where(inArray(mailOutbox.id, [...ids]));
}

/** Removes every message to an address (its account is being deleted: docs/product.md#data-rights). */
export async function forgetMailTo(executor: Pick<Db, "delete">, address: string): Promise<void> {
  await executor.delete(mailOutbox).where(eq(mailOutbox.toAddress, address));
}

/** Removes every message to any of the addresses, whatever the case (a clean start: docs/product.md#a-clean-start). */
export async function forgetMailToAll(executor: Pick<Db, "delete">, addresses: readonly string[]): Promise<void> {
  const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
  if (lower.length === 0) return;
  await executor.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.toAddress})`, lower));
}
