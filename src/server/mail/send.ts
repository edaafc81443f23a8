import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import { settings } from "../env";

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the message is about, e.g. "verify-email", "reset-password", "order-confirmation". */
  kind: string;
  locale: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletters (docs/product.md#newsletter); kept on the outbox row. */
  headers?: Record<string, string>;
};

export type MailResult = { id: number; delivered: boolean };

type Transport = { sendMail: (message: Record<string, unknown>) => Promise<unknown> };
type GlobalWithTransport = typeof globalThis & { __vitrinaMailTransport?: { url: string; transport: Transport } };
const holder = globalThis as GlobalWithTransport;

async function transportFor(url: string): Promise<Transport> {
  if (holder.__vitrinaMailTransport?.url !== url) {
    const nodemailer = await import("nodemailer");
    holder.__vitrinaMailTransport = { url, transport: nodemailer.createTransport(url) };
  }
  return holder.__vitrinaMailTransport.transport;
}

function fromAddress() {
  const s = settings();
  return s.MAIL_FROM ?? `"${s.STORE_NAME.replace(/"/g, "")}" <${s.STORE_EMAIL}>`;
}

/**
 * Sends one message. Every message is recorded in mail_outbox first; with SMTP_URL set it is then delivered over
 * SMTP and marked sent (or its error kept), without SMTP_URL the outbox is the mailbox of the offline demo. A
 * delivery failure never throws: the caller's operation (a sign-up, a paid order) has already happened.
 */
export async function sendMail(db: Db, message: MailMessage): Promise<MailResult> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ toAddress: message.to, subject: message.subject, html: message.html, text: message.text, kind: message.kind, locale: message.locale, headers: message.headers ?? null })
    .returning({ id: mailOutbox.id });
  const smtpUrl = settings().SMTP_URL;
  if (!smtpUrl) {
    if (settings().LOG_LEVEL !== "silent") console.log(`vitrina: mail "${message.subject}" to ${message.to} kept in the outbox (#${row.id}; no SMTP_URL)`);
    return { id: row.id, delivered: false };
  }
  try {
    const transport = await transportFor(smtpUrl);
    await transport.sendMail({ from: fromAddress(), to: message.to, subject: message.subject, html: message.html, text: message.text, headers: message.headers });
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    return { id: row.id, delivered: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`vitrina: mail "${message.subject}" to ${message.to} could not be sent: ${reason}`);
    await db.update(mailOutbox).set({ error: reason.slice(0, 1000) }).where(eq(mailOutbox.id, row.id));
    return { id: row.id, delivered: false };
  }
}
