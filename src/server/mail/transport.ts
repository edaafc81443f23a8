import { settings } from "../env";
import { log } from "../log";

export type OutgoingMail = { to: string; subject: string; html: string; text: string };

/**
 * Where the worker hands mail over. "smtp" delivers through SMTP_URL; "log" (no SMTP_URL: the offline demo) writes a
 * log line and the outbox row is the mailbox. A failed delivery throws: the worker retries it.
 */
export type MailTransport = { kind: "smtp" | "log"; send: (mail: OutgoingMail) => Promise<void> };

type Nodemailer = { sendMail: (message: Record<string, unknown>) => Promise<unknown> };
type GlobalWithTransport = typeof globalThis & { __vitrinaMailTransport?: { url: string; transport: Nodemailer } };
const holder = globalThis as GlobalWithTransport;

async function nodemailerFor(url: string): Promise<Nodemailer> {
  if (holder.__vitrinaMailTransport?.url !== url) {
    const nodemailer = await import("nodemailer");
    // Short timeouts: a hung mail server must not hold a worker's lease for minutes.
    const transport = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never);
    holder.__vitrinaMailTransport = { url, transport };
  }
  return holder.__vitrinaMailTransport.transport;
}

function fromAddress() {
  const s = settings();
  return s.MAIL_FROM ?? `"${s.STORE_NAME.replace(/"/g, "")}" <${s.STORE_EMAIL}>`;
}

/** The transport the settings name: SMTP when SMTP_URL is set, otherwise the log. */
export function configuredMailTransport(): MailTransport {
  const smtpUrl = settings().SMTP_URL;
  if (!smtpUrl) {
    return {
      kind: "log",
      send: async (mail) => log.info("mail.kept_in_outbox", { to: mail.to, subject: mail.subject }),
    };
  }
  return {
    kind: "smtp",
    send: async (mail) => {
      const transport = await nodemailerFor(smtpUrl);
      await transport.sendMail({ from: fromAddress(), to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
    },
  };
}
