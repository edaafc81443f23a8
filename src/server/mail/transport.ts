import { settings } from "../env";
import { log } from "../log";

export type OutgoingMail = { to: string; subject: string; html: string; text: string; headers?: Record<string, string> };

/**
 * Where the worker hands mail over. "smtp" delivers through SMTP_URL; "log" (no SMTP_URL: the offline demo) writes a
 * log line and the outbox row is the mailbox. A failed delivery throws: the worker retries it.
 */
export type MailTransport = { kind: "smtp" | "log"; send: (mail: OutgoingMail) => Promise<void> };

type Nodemailer = { sendMail: (message: Record<string, unknown>) => Promise<unknown> };
type SenderSource = () => Promise<string>;
type GlobalWithTransport = typeof globalThis & { __vitrinaMailTransport?: { url: string; transport: Nodemailer }; __vitrinaMailSender?: SenderSource };
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

/**
 * Where the From header comes from: the merchant's mail settings (docs/product.md#settings), which live in a feature
 * this folder may not import, so the server's start (src/instrumentation.ts) hands the reader in. Read per message, so
 * a sender saved on any instance applies to the next mail without a restart.
 */
export function setMailSender(source: SenderSource | undefined) {
  holder.__vitrinaMailSender = source;
}

/** Before the server's start hands the settings in (scripts, tests): the environment's sender. */
async function fromAddress() {
  if (holder.__vitrinaMailSender) return holder.__vitrinaMailSender();
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
      await transport.sendMail({ from: await fromAddress(), to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers });
    },
  };
}
