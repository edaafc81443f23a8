import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string };

/**
 * A real HTTP server on 127.0.0.1 that records every POST it gets and answers what `answer` says: a status and body,
 * or "hang" (never answers, for the timeout). Tests read `received` instead of mocking fetch. No Vitest import:
 * the Playwright spec of the webhooks screen uses it too.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const hanging: ServerResponse[] = [];
  const state: { answer: { status: number; body: string } | "hang" } = { answer: { status: 200, body: "ok" } };
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
      response.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (next: { status: number; body: string } | "hang") => {
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
