import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import sharp from "sharp";
import path from "node:path";
import { createInterface } from "node:readline";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { anyOrderExists } from "@/features/orders/queries";
import { SettingsError } from "@/features/settings/errors";
import { logoBytes, removeLogo, storeLogo } from "@/features/settings/logo";
import { localStorage } from "@/server/storage/local-storage";
import { initialSettings, shopSettings } from "@/features/settings/queries";
import { SettingsInputError, updateSettingsSection } from "@/features/settings/service";
import type { SettingsSection } from "@/features/settings/schemas";
import { createCheckout } from "@/features/checkout/service";
import { announceInvalidation, invalidateLocally, INVALIDATION_CHANNEL } from "@/server/cache/invalidation";
import { auditLog } from "@/server/db/schema/operations";
import { shopSettings as shopSettingsTable } from "@/server/db/schema/settings";
import { resetSettingsForTests } from "@/server/env";
import { queryRows } from "@/server/db/rows";
import { setLogSinkForTests } from "@/server/log";
import { checkoutInput, demoProvider, insertProduct, insertUser } from "./checkout-fixtures";

/*
 * The merchant's settings (docs/product.md#settings, decision 0360): every field checked with its own refusal, each
 * save audit-logged, the currency locked by the first order, the environment's value used until the admin saves, a
 * bad stored section ignored (and logged), and another instance on the same PostgreSQL database sees a save without a
 * restart through the invalidation announcement.
 */

const deps = { ordersExist: anyOrderExists };
const envKeys = ["STORE_NAME", "SELLER_TAX_ID", "CURRENCY"] as const;
const quietLog = process.env.LOG_LEVEL;

afterEach(() => {
  for (const key of envKeys) delete process.env[key];
  if (quietLog === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = quietLog;
  resetSettingsForTests();
  setLogSinkForTests(undefined);
});

/** Each section's fields, one bad value at a time, with the code the field is refused with. */
const refusals: Array<[SettingsSection, string, unknown, string]> = [
  ["store", "name", "", "storeName"],
  ["store", "name", "x".repeat(81), "storeName"],
  ["store", "email", "not-an-email", "email"],
  ["store", "phone", "call me", "phone"],
  ["store", "address", "a".repeat(401), "tooLong"],
  ["store", "logoUrl", "https://evil.example/logo.png", "logo"],
  ["seller", "legalName", "n".repeat(201), "tooLong"],
  ["seller", "taxId", "B<123>", "taxId"],
  ["seller", "address", "a".repeat(401), "tooLong"],
  ["money", "currency", "EURO", "currency"],
  ["money", "currency", "XYZ", "currency"],
  ["checkout", "guestCheckout", "yes", "choice"],
  ["checkout", "reservationSeconds", 0, "reservationMinutes"],
  ["checkout", "reservationSeconds", 86_401, "reservationMinutes"],
  ["checkout", "reminders", null, "choice"],
  ["checkout", "reminderAfterMinutes", 1.5, "reminderMinutes"],
  ["returns", "windowDays", 0, "windowDays"],
  ["returns", "windowDays", "", "windowDays"],
  ["returns", "shippingRefund", "sometimes", "shippingRefund"],
  ["stock", "lowStockThreshold", -1, "lowStockThreshold"],
  ["mail", "fromName", 'Shop "Best"', "fromName"],
  ["mail", "fromAddress", "nobody", "fromAddress"],
];

describeOnEachDatabase("shop settings", (kind) => {
  let t: TestDatabase;
  const actor = { userId: "", email: "owner@example.com" };
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    actor.userId = (await insertUser(t.db, "owner@example.com")).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses each bad field with its own code, on that field, and stores nothing", async () => {
    const initial = initialSettings();
    for (const [section, field, value, code] of refusals) {
      const input = { ...initial[section], [field]: value };
      const error = await updateSettingsSection(t.db, section, input, actor, deps).catch((e: unknown) => e);
      expect(error, `${section}.${field} = ${JSON.stringify(value)}`).toBeInstanceOf(SettingsInputError);
      expect((error as SettingsInputError).fields.map((f) => [f.field, f.code])).toEqual([[field, code]]);
    }
    // Two fields at fault: both named, so the form marks both.
    const both = (await updateSettingsSection(t.db, "store", { ...initial.store, name: "", email: "x" }, actor, deps).catch((e: unknown) => e)) as SettingsInputError;
    expect(both.fields.map((f) => f.field).sort()).toEqual(["email", "name"]);
    expect(await t.db.select().from(shopSettingsTable)).toEqual([]);
  });

  it("uses the environment's value until the admin saves; then the admin's value rules", async () => {
    process.env.STORE_NAME = "Env Shop";
    process.env.SELLER_TAX_ID = "ENV-1";
    resetSettingsForTests();
    expect((await shopSettings(t.db)).store.name).toBe("Env Shop");

    const saved = await updateSettingsSection(t.db, "store", { ...initialSettings().store, name: "  Admin Shop ", phone: "+34 600 000 000" }, actor, deps);
    expect(saved.name).toBe("Admin Shop");
    process.env.STORE_NAME = "Another Env Shop";
    resetSettingsForTests();
    const now = await shopSettings(t.db);
    expect(now.store.name).toBe("Admin Shop");
    expect(now.store.phone).toBe("+34 600 000 000");
    // A section never saved still follows the environment.
    expect(now.seller.taxId).toBe("ENV-1");

    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, "settings"), eq(auditLog.entityId, "store")));
    expect(row.actorEmail).toBe("owner@example.com");
    expect(row.before).toMatchObject({ name: "Env Shop" });
    expect(row.after).toMatchObject({ name: "Admin Shop", phone: "+34 600 000 000" });
  });

  it("ignores a stored section that no longer passes its check, and says so in the log", async () => {
    const lines: string[] = [];
    setLogSinkForTests((_level, line) => lines.push(line));
    // checkout-fixtures silences the log for the other suites; this test reads it.
    process.env.LOG_LEVEL = "warn";
    resetSettingsForTests();
    await t.db
      .insert(shopSettingsTable)
      .values({ section: "returns", value: { windowDays: -3, shippingRefund: "always" } })
      .onConflictDoUpdate({ target: shopSettingsTable.section, set: { value: { windowDays: -3, shippingRefund: "always" } } });
    invalidateLocally();
    expect((await shopSettings(t.db)).returns).toEqual(initialSettings().returns);
    expect(lines.filter((l) => l.includes("settings.stored_section_invalid")).join("\n")).toContain('"section":"returns"');
  });

  it("locks the currency once the shop has an order, with the current one in the refusal", async () => {
    await updateSettingsSection(t.db, "money", { currency: "usd" }, actor, deps);
    expect((await shopSettings(t.db)).money.currency).toBe("USD");
    const shopper = await insertUser(t.db);
    const { variantId } = await insertProduct(t.db, { stock: 3 });
    await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }], "en"), demoProvider(), { sweepIntervalMs: 3_600_000 });

    const refused = await updateSettingsSection(t.db, "money", { currency: "CLP" }, actor, deps).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SettingsError);
    expect(refused).toMatchObject({ code: "currencyLocked", field: "currency", params: { currency: "USD" } });
    expect((await shopSettings(t.db)).money.currency).toBe("USD");
    // Saving the same currency again is no change, and allowed.
    await expect(updateSettingsSection(t.db, "money", { currency: "USD" }, actor, deps)).resolves.toEqual({ currency: "USD" });
  });
});

describeOnEachDatabase("store logo", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores an upload as a PNG in the shop's storage, replaces and removes it, and refuses what is not an image", async () => {
    const actor = { userId: (await insertUser(t.db, "logo-owner@example.com")).id, email: "logo-owner@example.com" };
    const store = localStorage(mkdtempSync(path.join(tmpdir(), "vitrina-logo-")));
    const jpeg = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#c33" } }).jpeg().toBuffer();
    const first = await storeLogo(t.db, actor, new Uint8Array(jpeg), store, deps);
    expect(first).toMatch(/^\/uploads\/settings\/[a-f0-9]{32}\.png$/);
    expect((await shopSettings(t.db)).store.logoUrl).toBe(first);
    const bytes = await logoBytes(store, first);
    const meta = await sharp(bytes!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 171]);

    const second = await storeLogo(t.db, actor, new Uint8Array(jpeg), store, deps);
    expect(await logoBytes(store, first)).toBeNull();
    await removeLogo(t.db, actor, store, deps);
    expect((await shopSettings(t.db)).store.logoUrl).toBeNull();
    expect(await logoBytes(store, second)).toBeNull();

    const refused = await storeLogo(t.db, actor, new TextEncoder().encode("<html>not an image</html>"), store, deps).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "logoType", field: "logo" });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("settings across two instances [postgres]", () => {
  let t: TestDatabase;
  let child: ReturnType<typeof spawn> | undefined;
  beforeAll(async () => {
    t = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    child?.kill();
    await t?.close();
  });

  it("another process sees a saved change after the announcement, with no restart", async () => {
    const actor = { userId: (await insertUser(t.db, "owner2@example.com")).id, email: "owner2@example.com" };
    const tsx = path.resolve("node_modules/.bin/tsx");
    child = spawn(tsx, ["--conditions=react-server", "tests/helpers/settings-reader.ts"], {
      env: { ...process.env, DATABASE_URL: t.url, NODE_OPTIONS: "", STORE_NAME: "Before" },
      stdio: ["pipe", "pipe", "inherit"],
    });
    const answers = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const ask = async () => {
      child!.stdin!.write("read\n");
      const { value } = await answers.next();
      return JSON.parse(String(value)) as { name?: string; error?: string };
    };
    expect(await ask()).toEqual({ name: "Before", generation: "read" });
    // The other instance is listening (its LISTEN connection is open) before this one saves.
    await expect
      .poll(async () => {
        const [row] = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from pg_stat_activity where datname = current_database() and query = ${`LISTEN ${INVALIDATION_CHANNEL}`}`);
        return Number(row.n);
      })
      .toBeGreaterThan(0);

    await updateSettingsSection(t.db, "store", { ...initialSettings().store, name: "After" }, actor, deps);
    // Its cached copy stays until told: the row changed, the other process still answers from memory.
    expect((await ask()).name).toBe("Before");
    // What the settings screen's save announces on PostgreSQL (invalidateCaches, src/server/cache/invalidation.ts).
    await announceInvalidation(t.db, "all");
    await expect.poll(async () => (await ask()).name).toBe("After");
  });
});
