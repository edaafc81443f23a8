import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { shopSettings as shopSettingsTable } from "@/server/db/schema/settings";
import { writeAudit, type AdminActor } from "@/server/audit";
import { invalidateLocally } from "@/server/cache/invalidation";
import { enqueueMail } from "@/server/mail/outbox";
import { buildSimpleMail } from "@/server/mail/simple-mail";
import { formatMessage } from "@/i18n/server-translator";
import type { Locale } from "@/i18n/routing";
import { SettingsError } from "./errors";
import { initialSettings, mergeSettings, shopSettings, storedSections, type ShopSettings } from "./queries";
import { fieldRefusals, sectionSchemas, type FieldRefusal, type SettingsSection } from "./schemas";

/*
 * The commands of /admin/settings (docs/product.md#settings): save one section, send a test email. Callers (the
 * screen's actions) check the admin session first; every save is audit-logged with the section before and after.
 */

/** What the service needs from outside its domain: whether the shop has taken any order (orders/ answers it). */
export type SettingsDependencies = { ordersExist: (tx: Executor) => Promise<boolean> };

/** Every field at fault, for the form; thrown when a section's input is refused. `first` is the DomainError of the first. */
export class SettingsInputError extends SettingsError {
  constructor(readonly fields: FieldRefusal[]) {
    super(fields[0].code, fields[0].params, `settings input refused: ${fields.map((f) => `${f.field} ${f.code}`).join(", ")}`, { field: fields[0].field });
    this.name = "SettingsInputError";
  }
}

/** A section's input checked against its schema: the values to store, or every field's refusal. */
export function parseSection<S extends SettingsSection>(section: S, input: unknown): ShopSettings[S] {
  const parsed = sectionSchemas[section].safeParse(input);
  if (!parsed.success) throw new SettingsInputError(fieldRefusals(parsed.error));
  return parsed.data as ShopSettings[S];
}

/**
 * Saves one section: validated, the currency refused once the shop has an order (orders keep the currency they were
 * placed in; prices are stored without one, so changing it afterwards would re-label every amount), written with its
 * audit row in one transaction. This instance's caches drop at once; the screen's action announces it to the others.
 */
export async function updateSettingsSection<S extends SettingsSection>(
  db: Db,
  section: S,
  input: unknown,
  actor: AdminActor,
  deps: SettingsDependencies,
): Promise<ShopSettings[S]> {
  const value = parseSection(section, input);
  const saved = await db.transaction(async (tx) => {
    const before = mergeSettings(initialSettings(), await readStoredForUpdate(tx))[section];
    if (section === "money") {
      const next = (value as ShopSettings["money"]).currency;
      const current = (before as ShopSettings["money"]).currency;
      if (next !== current && (await deps.ordersExist(tx))) throw new SettingsError("currencyLocked", { currency: current }, undefined, { field: "currency" });
    }
    const now = new Date();
    await tx
      .insert(shopSettingsTable)
      .values({ section, value, updatedAt: now, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: shopSettingsTable.section, set: { value, updatedAt: now, updatedBy: actor.userId } });
    await writeAudit(tx, actor, { action: "update", entity: "settings", entityId: section, before, after: value });
    return value;
  });
  invalidateLocally();
  return saved;
}

/** The stored sections as they are in this transaction (not the cache: a save compares with what it replaces). */
async function readStoredForUpdate(tx: Executor) {
  const rows = await tx.select({ section: shopSettingsTable.section, value: shopSettingsTable.value }).from(shopSettingsTable).for("update");
  return Object.fromEntries(rows.map((r) => [r.section, r.value])) as Awaited<ReturnType<typeof storedSections>>;
}

/** The logo's address changes with the store section it belongs to (./logo.ts stores the file first). */
export async function setStoreLogo(db: Db, actor: AdminActor, logoUrl: string | null, deps: SettingsDependencies) {
  const { store } = await shopSettings(db);
  return updateSettingsSection(db, "store", { ...store, logoUrl }, actor, deps);
}

/** The mail section's test: one message to the signed-in admin, through the outbox like every other mail. */
export async function sendTestEmail(db: Db, actor: AdminActor, locale: Locale, baseUrl: string): Promise<number> {
  const s = await shopSettings(db);
  const t = (key: string) => formatMessage(locale, "settings", `testEmail.${key}`, { store: s.store.name });
  const id = await enqueueMail(
    db,
    buildSimpleMail({
      to: actor.email,
      kind: "settings-test",
      locale,
      subject: t("subject"),
      heading: t("heading"),
      paragraphs: [t("body")],
      storeName: s.store.name,
      logoUrl: s.store.logoUrl ? new URL(s.store.logoUrl, baseUrl).toString() : undefined,
    }),
  );
  await writeAudit(db, actor, { action: "send_test", entity: "settings", entityId: "mail", after: { to: actor.email, mailId: id } });
  return id;
}
