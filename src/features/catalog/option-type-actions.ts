"use server";

import type { ZodError } from "zod";
import { runAdminAction, type ActionResult, requestLocale } from "@/features/admin/action-runner";
import { formatMessage } from "@/i18n/server-translator";
import { revalidateCatalog } from "./cache";
import { moveOptionTypeValue, removeOptionTypeValue, saveOptionType, saveOptionTypeValue, type OptionTypeWriteResult } from "./option-type-service";
import { optionTypeInputSchema, optionTypeValueIdSchema, optionTypeValueInputSchema, optionTypeValueMoveSchema } from "./option-type-schemas";

/*
 * /admin/option-types' actions (docs/product.md#option-types): validate (zod, each message on its field in the admin's
 * language) → admin session (runAdminAction; staff are refused) → service, audit-logged there → the catalog's
 * cached pages revalidated (filters' names and order, product pages' swatches).
 */

const revalidate = (written: OptionTypeWriteResult) => (written.ok ? revalidateCatalog() : undefined);

async function say(code: string, params: Record<string, string | number> = {}) {
  return formatMessage(await requestLocale(), "optionTypes", `admin.errors.${code}`, params);
}

async function invalid(error: ZodError): Promise<ActionResult<string>> {
  const issue = error.issues[0];
  const field = issue.path.map(String).join(".") || undefined;
  // Our schemas' messages are text keys; zod's own (a wrong type from a forged request) read as "required".
  const code = /^[a-zA-Z]+$/.test(issue.message) && !issue.message.includes(" ") ? issue.message : "required";
  return { ok: false, error: await say(code), field };
}

async function answer(run: () => Promise<ActionResult<OptionTypeWriteResult>>): Promise<ActionResult<string>> {
  const result = await run();
  if (!result.ok) return result;
  const written = result.value!;
  if (written.ok) return { ok: true, value: written.id };
  return { ok: false, error: await say(written.code, written.params ?? {}), field: written.field };
}

export async function saveOptionTypeAction(input: unknown): Promise<ActionResult<string>> {
  const parsed = optionTypeInputSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return answer(() => runAdminAction(() => parsed.data, ({ db, actor, input: data }) => saveOptionType(db, actor, data), revalidate));
}

export async function saveOptionTypeValueAction(input: unknown): Promise<ActionResult<string>> {
  const parsed = optionTypeValueInputSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return answer(() => runAdminAction(() => parsed.data, ({ db, actor, input: data }) => saveOptionTypeValue(db, actor, data), revalidate));
}

export async function moveOptionTypeValueAction(input: unknown): Promise<ActionResult<string>> {
  const parsed = optionTypeValueMoveSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return answer(() => runAdminAction(() => parsed.data, ({ db, actor, input: data }) => moveOptionTypeValue(db, actor, data), revalidate));
}

export async function removeOptionTypeValueAction(id: unknown): Promise<ActionResult<string>> {
  return answer(() => runAdminAction(() => optionTypeValueIdSchema.parse(id), ({ db, actor, input }) => removeOptionTypeValue(db, actor, input), revalidate));
}
