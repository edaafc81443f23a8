import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A small stand-in for api.mercadopago.com, listening on 127.0.0.1 (as stripe-mock stands in for Stripe): it answers
 * the three documented calls Vitrina makes — POST /checkout/preferences, GET /v1/payments/{id} and
 * POST /v1/payments/{id}/refunds — checks the bearer token, and honours X-Idempotency-Key (the same key answers the
 * same preference). Tests record payments in it and sign notifications as Mercado Pago does. No Vitest import: the
 * Playwright spec uses it too.
 */

export type FakePreference = { id: string; init_point: string; body: Record<string, unknown>; idempotencyKey: string | null };
export type FakePayment = { id: number; status: string; status_detail: string; transaction_amount: number; currency_id: string; external_reference: string | null; metadata: Record<string, unknown> };
export type ReceivedCall = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

export async function startMercadoPagoServer(options: { accessToken: string; port?: number }) {
  const preferences: FakePreference[] = [];
  const payments = new Map<number, FakePayment>();
  const refunds: { paymentId: number; body: Record<string, unknown>; idempotencyKey: string | null }[] = [];
  const calls: ReceivedCall[] = [];
  let nextPayment = 9_000_000_001;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
      calls.push({ method: request.method ?? "", path, headers: request.headers, body });
      const answer = (status: number, json: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      if (request.headers.authorization !== `Bearer ${options.accessToken}`) return answer(401, { message: "invalid access token", status: 401 });
      const idempotencyKey = (request.headers["x-idempotency-key"] as string | undefined) ?? null;

      if (request.method === "POST" && path === "/checkout/preferences") {
        const known = idempotencyKey ? preferences.find((p) => p.idempotencyKey === idempotencyKey) : undefined;
        if (known) return answer(201, { id: known.id, init_point: known.init_point, ...known.body });
        const parsed = JSON.parse(body) as Record<string, unknown>;
        if (!Array.isArray(parsed.items) || parsed.items.length === 0) return answer(400, { message: "items needed", status: 400 });
        const id = `123456789-${randomUUID()}`;
        const preference = { id, init_point: `https://www.mercadopago.cl/checkout/v1/redirect?pref_id=${id}`, body: parsed, idempotencyKey };
        preferences.push(preference);
        return answer(201, { id, init_point: preference.init_point, sandbox_init_point: preference.init_point, ...parsed });
      }
      const paymentPath = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(path);
      if (paymentPath) {
        const payment = payments.get(Number(paymentPath[1]));
        if (!payment) return answer(404, { message: "Payment not found", status: 404 });
        if (request.method === "GET" && !paymentPath[2]) return answer(200, payment);
        if (request.method === "POST" && paymentPath[2]) {
          const refund = { paymentId: payment.id, body: body ? (JSON.parse(body) as Record<string, unknown>) : {}, idempotencyKey };
          if (!idempotencyKey || !refunds.some((r) => r.idempotencyKey === idempotencyKey)) refunds.push(refund);
          return answer(201, { id: 7_000_000 + refunds.length, payment_id: payment.id, status: "approved" });
        }
      }
      answer(404, { message: "not found", status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    preferences,
    refunds,
    calls,
    /** A payment on Mercado Pago's side, as the shopper's paying on the preference's page would make it. */
    addPayment(input: { externalReference: string | null; amount: number; currency: string; status?: string }): FakePayment {
      const payment: FakePayment = {
        id: nextPayment++,
        status: input.status ?? "approved",
        status_detail: input.status === "rejected" ? "cc_rejected_other_reason" : "accredited",
        transaction_amount: input.amount,
        currency_id: input.currency,
        external_reference: input.externalReference,
        metadata: input.externalReference ? { order_id: input.externalReference } : {},
      };
      payments.set(payment.id, payment);
      return payment;
    },
    setStatus(id: number, status: string) {
      const payment = payments.get(id);
      if (payment) payment.status = status;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MercadoPagoServer = Awaited<ReturnType<typeof startMercadoPagoServer>>;

/**
 * A notification as Mercado Pago posts it: data.id and type in the query, x-request-id, and x-signature
 * "ts=…,v1=HMAC-SHA256(secret, 'id:<data.id>;request-id:<x-request-id>;ts:<ts>;')".
 */
export function mercadoPagoNotification(webhookUrl: string, paymentId: number | string, secret: string, options: { requestId?: string; ts?: number; type?: string } = {}) {
  const requestId = options.requestId ?? randomUUID();
  const ts = String(options.ts ?? Date.now());
  const type = options.type ?? "payment";
  const dataId = String(paymentId);
  const v1 = createHmac("sha256", secret).update(`id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`).digest("hex");
  const url = `${webhookUrl}?data.id=${encodeURIComponent(dataId)}&type=${type}`;
  const body = JSON.stringify({ id: Number(String(Date.now()).slice(-9)), live_mode: false, type, action: `${type}.updated`, api_version: "v1", data: { id: dataId } });
  return { url, body, headers: { "content-type": "application/json", "x-request-id": requestId, "x-signature": `ts=${ts},v1=${v1}` } };
}
