"use server";

import { revalidatePath } from "next/cache";
import { runAdminAction, type ActionResult, requestLocale } from "@/features/admin/action-runner";
import { anyOrderExists } from "@/features/orders/queries";
import { refusalText } from "@/i18n/refusal-text";
import { formatMessage } from "@/i18n/server-translator";
import { invalidateCaches } from "@/server/cache/invalidation";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { wakeMailWorker } from "@/server/mail/outbox-worker";
import { storage } from "@/server/storage";
import { SettingsError } from "@/features/settings/errors";
import { MAX_LOGO_BYTES, removeLogo, storeLogo } from "@/features/settings/logo";
import { sectionSchema } from "@/features/settings/schemas";
import { SettingsInputError, sendTestEmail, updateSettingsSection, type SettingsDependencies } from "@/features/settings/service";

/*
 * The actions of /admin/settings (docs/product.md#settings): validate → admin session → service (runAdminAction). A
 * refusal of the settings' own comes back with a message per field, in the admin's language. After a save every cache
 * goes, on this instance and (announced over PostgreSQL) on every other one, so pages show the new values at once.
 */

/** `fieldErrors`: field name → message, for the form to show on each field. */
export type SettingsActionResult<T = undefined> = ActionResult<T> | { ok: false; error: string; fieldErrors: Record<string, string> };

const deps: SettingsDependencies = { ordersExist: anyOrderExists };
const texts = { namespace: "settings", group: "errors" };


/** Runs a settings command; a SettingsError it throws is said in settings.json's texts, on its field(s). */
async function runSettingsAction<I, T>(parse: () => I, work: Parameters<typeof runAdminAction<I, T>>[1], after?: () => Promise<void> | void): Promise<SettingsActionResult<T>> {
  let refused: SettingsError | undefined;
  const result = await runAdminAction(
    () => {
      try {
        return parse();
      } catch (error) {
        if (error instanceof SettingsError) refused = error;
        throw error;
      }
    },
    async (ctx) => {
      try {
        return await work(ctx);
      } catch (error) {
        if (error instanceof SettingsError) refused = error;
        throw error;
      }
    },
    after,
  );
  if (result.ok || !refused) return result;
  const locale = await requestLocale();
  const fields = refused instanceof SettingsInputError ? refused.fields : [{ field: refused.field ?? "", code: refused.code, params: refused.params }];
  const fieldErrors = Object.fromEntries(fields.map((f) => [f.field, refusalText(locale, texts, f)]));
  const error = fields.length === 1 ? fieldErrors[fields[0].field] : formatMessage(locale, "settings", "fixFields");
  return { ok: false, error, fieldErrors };
}

async function dropCaches() {
  await invalidateCaches([]);
  // Every page shows the store's name (the layout): the router's copies go too.
  revalidatePath("/", "layout");
}

export async function saveSettingsSectionAction(section: unknown, input: unknown): Promise<SettingsActionResult> {
  return runSettingsAction(
    () => sectionSchema.parse(section),
    async ({ db, actor, input: which }) => {
      await updateSettingsSection(db, which, input, actor, deps);
      return undefined;
    },
    dropCaches,
  );
}

/** The logo upload (a small file: the action's body limit is 1 MB). Stored through the shop's storage like product images. */
export async function uploadLogoAction(form: FormData): Promise<SettingsActionResult<{ url: string }>> {
  return runSettingsAction(
    () => {
      const file = form instanceof FormData ? form.get("logo") : null;
      if (!(file instanceof File)) throw new SettingsError("logoType", {}, undefined, { field: "logo" });
      if (file.size > MAX_LOGO_BYTES) throw new SettingsError("logoTooLarge", { max: MAX_LOGO_BYTES / 1024 }, undefined, { field: "logo" });
      return file;
    },
    async ({ db, actor, input: file }) => ({ url: await storeLogo(db, actor, new Uint8Array(await file.arrayBuffer()), storage(), deps) }),
    dropCaches,
  );
}

export async function removeLogoAction(): Promise<SettingsActionResult> {
  return runSettingsAction(
    () => undefined,
    async ({ db, actor }) => {
      await removeLogo(db, actor, storage(), deps);
      return undefined;
    },
    dropCaches,
  );
}

/** The mail section's button: one test message to the signed-in admin, through the outbox. */
export async function sendTestEmailAction(): Promise<SettingsActionResult<{ email: string }>> {
  const locale = await requestLocale();
  return runSettingsAction(
    () => undefined,
    async ({ db, actor }) => {
      await sendTestEmail(db, actor, locale, await currentShopBaseUrl());
      return { email: actor.email };
    },
    () => wakeMailWorker(),
  );
}
