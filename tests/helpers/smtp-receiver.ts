import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

/** One message as the receiver got it: the envelope recipients and the raw message (headers and body). */
export type ReceivedMail = { to: string[]; raw: string };

export type SmtpReceiver = {
  url: string;
  port: number;
  /** Every message accepted so far, in order. */
  messages: ReceivedMail[];
  /** Connections opened so far (a transport call shows up here even when it sends nothing). */
  connections: () => number;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 for tests (no TLS, no auth): what the shop's mail transport delivers becomes
 * observable. `port` 0 picks a free one.
 */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
