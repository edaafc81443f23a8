"use server";

import type { ZodError } from "zod";
import { runAdminAction, type ActionResult, requestLocale } from "@/features/admin/action-runner";
import { shopSettings } from "@/features/settings/queries";
import { formatMessage } from "@/i18n/server-translator";
import { getDb } from "@/server/db/client";
import { deleteMethod, deleteZone, saveMethod, saveZone, type ShippingWriteResult } from "./admin-service";
import { amountExample, idSchema, methodInputSchema, zoneInputSchema } from "./schemas";

/*
 * /admin/shipping's actions (docs/product.md#shipping): validate (zod, each message on its field in the admin's
 * language) → admin session (runAdminAction; staff are refused) → service, audit-logged there.
 */


async function say(code: string, params: Record<string, string | number> = {}) {
  return formatMessage(await requestLocale(), "shippingZones", `admin.errors.${code}`, params);
}

async function invalid(error: ZodError, currency = "EUR"): Promise<ActionResult<number>> {
  const issue = error.issues[0];
  const field = issue.path.map(String).join(".") || undefined;
  // Our schemas' messages are text keys; zod's own (a wrong type from a forged request) read as "required".
  const code = /^[a-zA-Z]+$/.test(issue.message) && !issue.message.includes(" ") ? issue.message : "required";
  return { ok: false, error: await say(code, { example: amountExample(currency, await requestLocale()) }), field };
}

async function answer(run: () => Promise<ActionResult<ShippingWriteResult>>): Promise<ActionResult<number>> {
  const result = await run();
  if (!result.ok) return result;
  const written = result.value!;
  if (written.ok) return { ok: true, value: written.id };
  return { ok: false, error: await say(written.code, written.params ?? {}), field: written.field };
}

export async function saveZoneAction(input: unknown): Promise<ActionResult<number>> {
  const parsed = zoneInputSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return answer(() => runAdminAction(() => parsed.data, ({ db, actor, input: data }) => saveZone(db, actor, data)));
}

export async function deleteZoneAction(id: unknown): Promise<ActionResult<number>> {
  return answer(() => runAdminAction(() => idSchema.parse(id), ({ db, actor, input }) => deleteZone(db, actor, input)));
}

export async function saveMethodAction(input: unknown): Promise<ActionResult<number>> {
  // Amounts are read in the shop's currency, with its digits (docs/product.md#prices).
  const { currency } = (await shopSettings(await getDb())).money;
  const parsed = methodInputSchema(currency).safeParse(input);
  if (!parsed.success) return invalid(parsed.error, currency);
  return answer(() => runAdminAction(() => parsed.data, ({ db, actor, input: data }) => saveMethod(db, actor, data)));
}

export async function deleteMethodAction(id: unknown): Promise<ActionResult<number>> {
  return answer(() => runAdminAction(() => idSchema.parse(id), ({ db, actor, input }) => deleteMethod(db, actor, input)));
}
