import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A small stand-in for api.stripe.com on 127.0.0.1, for the one call a checkout makes: POST /v1/checkout/sessions,
 * form-encoded as the real `stripe` client sends it (the client is pointed here by STRIPE_API_URL's host and port).
 * It checks the bearer key, honours Idempotency-Key (the same key answers the same session) and keeps each session's
 * parameters, flat as Stripe's form keys (`metadata[order_id]`). No Vitest import: a Playwright spec may use it too.
 */

export type FakeStripeSession = { id: string; url: string; params: Record<string, string>; idempotencyKey: string | null };

/** `port`: a fixed one when the shop must be told it before it starts (a Playwright spec); any free one otherwise. */
export async function startStripeServer(options: { secretKey: string; port?: number }) {
  const sessions: FakeStripeSession[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (status: number, json: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        return answer(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
      if (request.method !== "POST" || path !== "/v1/checkout/sessions") {
        return answer(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path})` } });
      }
      const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
      const known = idempotencyKey ? sessions.find((s) => s.idempotencyKey === idempotencyKey) : undefined;
      if (known) return answer(200, { id: known.id, object: "checkout.session", url: known.url });
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      if (!params["line_items[0][quantity]"]) return answer(400, { error: { type: "invalid_request_error", message: "Missing required param: line_items." } });
      const id = `cs_test_${randomUUID().replace(/-/g, "")}`;
      const session = { id, url: `https://checkout.stripe.test/c/pay/${id}`, params, idempotencyKey };
      sessions.push(session);
      answer(200, { id, object: "checkout.session", url: session.url, metadata: {} });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;
