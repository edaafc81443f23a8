import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string };

type Answer = { status: number; body: string; headers?: Record<string, string> } | "hang";

/**
 * A real HTTP server that records every POST it gets and answers what `answer` says: a status, body and headers
 * (a Location, for a redirect), or "hang" (never answers, for the timeout). It listens on 127.0.0.1 unless told
 * another loopback address (two receivers on one port, one address each). Tests read `received` instead of mocking
 * fetch. No Vitest import: the Playwright spec of the webhooks screen uses it too.
 */
export async function startWebhookReceiver(options: { host?: string; port?: number } = {}) {
  const host = options.host ?? "127.0.0.1";
  const received: ReceivedWebhook[] = [];
  const hanging: ServerResponse[] = [];
  const state: { answer: Answer } = { answer: { status: 200, body: "ok" } };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = state.answer;
      if (answer === "hang") {
        hanging.push(response);
        return;
      }
      response.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/hooks`,
    port,
    received,
    answer: (next: Answer) => {
      state.answer = next;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
