import { settings } from "@/server/env";
import { checkOutboundHost, systemResolver, type OutboundPolicy, type ResolvedAddress } from "@/server/net/outbound-address";
import type { WebhookError } from "./errors";

/*
 * Which addresses may receive webhooks (docs/product.md#webhooks, docs/decisions/0341-webhook-receiver-addresses.md):
 * http:// or https://, no user name or password, and a host whose every address is on the public internet — unless
 * WEBHOOK_ALLOW_PRIVATE lets loopback and private networks in. Checked when an endpoint is saved and again before
 * every delivery (DNS answers change; rows saved before this check existed are caught too).
 */

export type ReceiverNetwork = OutboundPolicy;

export function receiverNetworkFromSettings(): ReceiverNetwork {
  return { allowPrivate: settings().WEBHOOK_ALLOW_PRIVATE, resolve: systemResolver };
}

type RefusalCode = Extract<WebhookError["code"], "webhookUrlInvalid" | "webhookUrlCredentials" | "webhookUrlPrivate" | "webhookUrlReserved" | "webhookUrlUnresolved">;

/** Why an address may not receive webhooks: an admin message code (messages/{en,es}/admin.json) and its params. */
export type ReceiverRefusal = { code: RefusalCode; params: Record<string, string> };

export type ReceiverTarget = { ok: true; url: URL; addresses: ResolvedAddress[] } | { ok: false; refusal: ReceiverRefusal };

const refuse = (code: RefusalCode, params: Record<string, string> = {}): ReceiverTarget => ({ ok: false, refusal: { code, params } });

/**
 * Parses `raw` as the WHATWG URL parser does (so 2130706433, 0177.0.0.1, 0x7f.1 and 127.1 are already 127.0.0.1), then
 * resolves its host and checks every address. The answer's addresses are the ones to connect to.
 */
export async function receiverTarget(raw: string, network: ReceiverNetwork, signal?: AbortSignal): Promise<ReceiverTarget> {
  const shown = raw.slice(0, 200);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("webhookUrlInvalid", { url: shown });
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return refuse("webhookUrlInvalid", { url: shown });
  // Not echoed back: the message should not repeat a password.
  if (url.username || url.password) return refuse("webhookUrlCredentials");
  const check = await checkOutboundHost(url.hostname, network, signal);
  if (check.ok) return { ok: true, url, addresses: check.addresses };
  if (check.reason === "unresolved") return refuse("webhookUrlUnresolved", { host: url.hostname, cause: check.cause });
  const ownNetwork = check.kind === "loopback" || check.kind === "private";
  return refuse(ownNetwork ? "webhookUrlPrivate" : "webhookUrlReserved", { url: shown, address: check.address, kind: check.kind });
}
