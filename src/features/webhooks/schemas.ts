import { z } from "zod";
import { webhookEventTypes } from "./events";

/* Input of the webhooks admin screen (docs/product.md#webhooks); the URL's scheme is checked by the service, with a message. */

export const endpointInputSchema = z.object({
  url: z.string().trim().max(2000),
  description: z.string().trim().max(200).default(""),
  events: z.array(z.enum(webhookEventTypes)).max(webhookEventTypes.length),
  enabled: z.boolean().default(true),
});

export type EndpointInput = z.input<typeof endpointInputSchema>;
export type ParsedEndpointInput = z.output<typeof endpointInputSchema>;

export const webhookIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
