import type { Db } from "@/server/db/client";
import { resetSettingsForTests } from "@/server/env";
import { deliverDueMail, deliveryOptionsFromSettings } from "@/server/mail/outbox-worker";
import { startSmtpReceiver, type ReceivedMail } from "./smtp-receiver";

/**
 * Runs the outbox's delivery worker as the server does, with SMTP_URL pointing at a real SMTP receiver for the
 * duration, until no due message is left; answers what the receiver got. SMTP_URL is put back afterwards.
 */
export async function deliverOutboxOverSmtp(db: Db): Promise<ReceivedMail[]> {
  const receiver = await startSmtpReceiver();
  const previous = process.env.SMTP_URL;
  try {
    process.env.SMTP_URL = receiver.url;
    resetSettingsForTests();
    const options = deliveryOptionsFromSettings();
    while ((await deliverDueMail(db, options)).sent.length > 0);
    return receiver.messages;
  } finally {
    if (previous === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previous;
    resetSettingsForTests();
    await receiver.close();
  }
}

/** Header lines may be folded on the wire (CRLF + space); unfolded, they read as one line (RFC 5322 2.2.3). */
export const unfoldHeaders = (raw: string) => raw.replace(/\r\n(?=[ \t])/g, "");
