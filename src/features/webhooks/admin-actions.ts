"use server";

import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { createEndpoint, deleteEndpoint, pingEndpoint, rotateEndpointSecret, updateEndpoint, type PingOutcome } from "./admin-service";
import { replayDelivery } from "./delivery-log";
import { wakeWebhookWorker, webhookOptionsFromSettings } from "./delivery-worker";
import { endpointInputSchema, webhookIdSchema } from "./schemas";

/*
 * The webhooks screen's actions, admins only (docs/product.md#webhooks): validate → admin session → service, each
 * change audit-logged by the service. The page reloads its lists itself (router.refresh) after a success.
 */

export async function createWebhookEndpointAction(input: unknown): Promise<ActionResult<{ id: number; secret: string }>> {
  return runAdminAction(
    () => endpointInputSchema.parse(input),
    ({ db, actor, input: data }) => createEndpoint(db, actor, data),
  );
}

export async function updateWebhookEndpointAction(id: unknown, input: unknown): Promise<ActionResult<void>> {
  return runAdminAction(
    () => ({ id: webhookIdSchema.parse(id), data: endpointInputSchema.parse(input) }),
    async ({ db, actor, input: { id: endpointId, data } }) => updateEndpoint(db, actor, endpointId, data),
  );
}

export async function deleteWebhookEndpointAction(id: unknown): Promise<ActionResult<void>> {
  return runAdminAction(
    () => webhookIdSchema.parse(id),
    ({ db, actor, input: endpointId }) => deleteEndpoint(db, actor, endpointId),
  );
}

export async function rotateWebhookSecretAction(id: unknown): Promise<ActionResult<{ secret: string }>> {
  return runAdminAction(
    () => webhookIdSchema.parse(id),
    ({ db, actor, input: endpointId }) => rotateEndpointSecret(db, actor, endpointId),
  );
}

export async function sendWebhookTestAction(id: unknown): Promise<ActionResult<PingOutcome>> {
  return runAdminAction(
    () => webhookIdSchema.parse(id),
    ({ db, actor, input: endpointId }) => pingEndpoint(db, actor, endpointId, webhookOptionsFromSettings()),
  );
}

export async function replayWebhookDeliveryAction(id: unknown): Promise<ActionResult<void>> {
  return runAdminAction(
    () => webhookIdSchema.parse(id),
    ({ db, actor, input: deliveryId }) => replayDelivery(db, actor, deliveryId),
    () => wakeWebhookWorker(),
  );
}
