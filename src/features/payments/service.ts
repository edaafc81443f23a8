import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import {
  paymentMethodIds,
  paymentMethods,
  type BankTransferSettings,
  type CashOnDeliverySettings,
  type PaymentMethodId,
  type PaymentMethodSettings,
} from "@/server/db/schema/payment-methods";
import type { Settings } from "@/server/env";
import { writeAudit, type AdminActor } from "@/server/audit";
import { decimalAmountToMinor } from "@/lib/money";
import { PaymentMethodError } from "./errors";
import type { PaymentMethodInput } from "./schemas";

/*
 * The shop's payment methods (docs/product.md#payment-methods, decision 0366): which the admin has enabled, with the
 * details a transfer and cash on delivery need. Secrets stay in the environment: a method whose secrets are missing
 * is shown as unavailable, with the settings it lacks, and is never offered to a shopper.
 */

/** Why a method cannot take payment now: environment settings it lacks, or details the admin has not filled in. */
export type Unavailable = { kind: "env"; missing: string[] } | { kind: "details" };

export type PaymentMethodView = {
  id: PaymentMethodId;
  enabled: boolean;
  unavailable: Unavailable | null;
  bankTransfer: BankTransferSettings;
  cashOnDelivery: CashOnDeliverySettings;
};

export const DEFAULT_HOLD_DAYS = 3;

function bankTransferOf(settings: PaymentMethodSettings | undefined): BankTransferSettings {
  return { accountHolder: settings?.accountHolder ?? "", account: settings?.account ?? "", bankName: settings?.bankName ?? "", holdDays: settings?.holdDays ?? DEFAULT_HOLD_DAYS };
}

function cashOnDeliveryOf(settings: PaymentMethodSettings | undefined): CashOnDeliverySettings {
  return { feeCents: settings?.feeCents ?? 0, zoneIds: settings?.zoneIds ?? [] };
}

function unavailableReason(id: PaymentMethodId, s: Settings, details: PaymentMethodSettings | undefined): Unavailable | null {
  const missing = (names: string[]) => {
    const absent = names.filter((name) => !s[name as keyof Settings]);
    return absent.length > 0 ? ({ kind: "env", missing: absent } as const) : null;
  };
  if (id === "stripe") return missing(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);
  if (id === "mercadopago") return missing(["MERCADOPAGO_ACCESS_TOKEN", "MERCADOPAGO_WEBHOOK_SECRET"]);
  if (id === "bank_transfer") {
    const account = bankTransferOf(details);
    return account.accountHolder && account.account && account.bankName ? null : { kind: "details" };
  }
  return null;
}

/** Every method as the admin screen shows it. No row saved yet: only PAYMENT_PROVIDER's method is enabled. */
export async function listPaymentMethods(db: Pick<Executor, "select">, s: Settings): Promise<PaymentMethodView[]> {
  const rows = await db.select().from(paymentMethods);
  const byId = new Map(rows.map((row) => [row.method, row]));
  return paymentMethodIds.map((id) => {
    const row = byId.get(id);
    return {
      id,
      enabled: rows.length === 0 ? id === s.PAYMENT_PROVIDER : (row?.enabled ?? false),
      unavailable: unavailableReason(id, s, row?.settings),
      bankTransfer: bankTransferOf(row?.settings),
      cashOnDelivery: cashOnDeliveryOf(row?.settings),
    };
  });
}

/** The methods a shopper may pick: enabled and able to take payment, in the screen's order. */
export async function checkoutPaymentMethods(db: Pick<Executor, "select">, s: Settings): Promise<PaymentMethodView[]> {
  return (await listPaymentMethods(db, s)).filter((m) => m.enabled && !m.unavailable);
}

/**
 * The method a checkout pays with: the shopper's choice when it is offered, the first one offered when they made
 * none (a client that predates the choice, the commerce API); null when the choice is not offered.
 */
export async function resolveCheckoutMethod(db: Pick<Executor, "select">, s: Settings, chosen: PaymentMethodId | undefined): Promise<PaymentMethodView | null> {
  const offered = await checkoutPaymentMethods(db, s);
  if (chosen === undefined) return offered[0] ?? null;
  return offered.find((m) => m.id === chosen) ?? null;
}

/** Methods paid outside any provider: no hosted page asks the shopper's address, so checkout needs it first. */
export function needsAddressFirst(id: PaymentMethodId): boolean {
  return id === "bank_transfer" || id === "cash_on_delivery";
}

/**
 * Whether cash on delivery serves a destination in `zoneId` (null: a country in no zone): every zone when the admin
 * listed none, else only the zones listed; a listed zone deleted since serves nothing (decision 0367).
 */
export function cashOnDeliveryServes(cash: CashOnDeliverySettings, zoneId: number | null): boolean {
  if (cash.zoneIds.length === 0) return true;
  return zoneId !== null && cash.zoneIds.includes(zoneId);
}

/** The bank account a transfer order shows, or null when the shop has none set. */
export async function bankTransferDetails(db: Pick<Executor, "select">): Promise<BankTransferSettings | null> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.method, "bank_transfer"));
  const account = bankTransferOf(row?.settings);
  return account.account ? account : null;
}

/**
 * Saves one method, audit-logged. Enabling a method that cannot take payment is refused with its reason, and so is
 * turning off the last method shoppers could pay with. The first save also writes the methods PAYMENT_PROVIDER had
 * enabled until then, so enabling a transfer does not silently turn the card payments off.
 */
export async function savePaymentMethod(db: Db, actor: AdminActor, input: PaymentMethodInput, s: Settings, currency: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await listPaymentMethods(tx, s);
    const current = before.find((m) => m.id === input.method)!;
    const settings: PaymentMethodSettings =
      input.method === "bank_transfer"
        ? { accountHolder: input.accountHolder, account: input.account.toUpperCase(), bankName: input.bankName, holdDays: input.holdDays }
        : input.method === "cash_on_delivery"
          ? { feeCents: decimalAmountToMinor(input.fee, currency), zoneIds: [...new Set(input.zoneIds)].sort((a, b) => a - b) }
          : {};
    const after: PaymentMethodView = {
      ...current,
      enabled: input.enabled,
      unavailable: unavailableReason(input.method, s, settings),
      ...(input.method === "bank_transfer" ? { bankTransfer: bankTransferOf(settings) } : {}),
      ...(input.method === "cash_on_delivery" ? { cashOnDelivery: cashOnDeliveryOf(settings) } : {}),
    };
    if (after.enabled && after.unavailable) throw new PaymentMethodError("paymentMethodUnavailable", { method: input.method });
    const payable = before.map((m) => (m.id === input.method ? after : m)).filter((m) => m.enabled && !m.unavailable);
    if (payable.length === 0) throw new PaymentMethodError("paymentMethodLastOne");

    const now = new Date();
    const [anySaved] = await tx.select({ method: paymentMethods.method }).from(paymentMethods).limit(1);
    if (!anySaved) {
      const initial = before.filter((m) => m.enabled && m.id !== input.method).map((m) => ({ method: m.id, enabled: true, settings: {}, updatedAt: now }));
      if (initial.length > 0) await tx.insert(paymentMethods).values(initial).onConflictDoNothing();
    }
    await tx
      .insert(paymentMethods)
      .values({ method: input.method, enabled: input.enabled, settings, updatedAt: now })
      .onConflictDoUpdate({ target: paymentMethods.method, set: { enabled: input.enabled, settings, updatedAt: now } });
    await writeAudit(tx, actor, {
      action: "payment_method.update",
      entity: "payment_method",
      entityId: input.method,
      before: { enabled: current.enabled, ...detailsOf(current) },
      after: { enabled: input.enabled, ...settings },
    });
  });
}

function detailsOf(view: PaymentMethodView): PaymentMethodSettings {
  if (view.id === "bank_transfer") return view.bankTransfer;
  if (view.id === "cash_on_delivery") return view.cashOnDelivery;
  return {};
}
