import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { domainError, type DomainError, type RefusalKind } from "@/lib/domain-error";
import type { RefusalTexts } from "@/i18n/refusal-text";
import { locales } from "@/i18n/routing";
import { AccountError } from "@/features/accounts/errors";
import { AdminError } from "@/features/admin/errors";
import { ImportChangedError } from "@/features/catalog-csv/import-apply";
import { CatalogError } from "@/features/catalog/errors";
import { CheckoutError } from "@/features/checkout/errors";
import { ContentError } from "@/features/content/errors";
import { DemoDataError } from "@/features/demo-data/errors";
import { OrderError } from "@/features/orders/errors";
import { PromotionAdminError, PromotionError } from "@/features/promotions/promotion-errors";
import { ReturnAdminError, ReturnError } from "@/features/returns/errors";
import { CustomerError } from "@/features/customers/errors";
import { SettingsError } from "@/features/settings/errors";
import { StockAlertAdminError, StockAlertError } from "@/features/stock-alerts/errors";
import { TaxError } from "@/features/taxes/errors";
import { TestimonialError } from "@/features/testimonials/errors";
import { PaymentMethodError } from "@/features/payments/errors";
import { TrackingError } from "@/features/tracking/errors";
import { WebhookError } from "@/features/webhooks/errors";

/*
 * Every code a domain can throw has a text in English and Spanish where its edge reads it (decision 0352): the back
 * office reads admin.json's errors.<code> (src/features/admin/action-runner.ts), the shopper's edges their own
 * namespace (checkout/refusal-text.ts, returns/actions.ts, stock-alerts/actions.ts, the catalog CSV route).
 */

const root = path.resolve(__dirname, "../..");
/** Any domain's error class: its codes' kinds, and a constructor taking one of them. */
type ErrorClass = { readonly kinds: Readonly<Record<string, RefusalKind>>; new (code: never): DomainError };
const backOffice: RefusalTexts = { namespace: "admin", group: "errors" };

const shownBy: Array<[ErrorClass, RefusalTexts]> = [
  [AdminError, backOffice],
  [AccountError, backOffice],
  [CatalogError, backOffice],
  [ContentError, backOffice],
  [TaxError, backOffice],
  [TestimonialError, backOffice],
  [TrackingError, backOffice],
  [WebhookError, backOffice],
  [PromotionAdminError, backOffice],
  [OrderError, backOffice],
  [ReturnAdminError, backOffice],
  [CustomerError, backOffice],
  [StockAlertAdminError, backOffice],
  [DemoDataError, backOffice],
  [PaymentMethodError, backOffice],
  [CheckoutError, { namespace: "checkout", group: "errors" }],
  [PromotionError, { namespace: "promotions", group: "errors" }],
  [ReturnError, { namespace: "fulfilment", group: "returns.errors" }],
  [StockAlertError, { namespace: "fulfilment", group: "stockAlerts.errors" }],
  [ImportChangedError, { namespace: "catalogCsv", group: "" }],
  [SettingsError, { namespace: "settings", group: "errors" }],
];

/**
 * Caught inside their own domain and never shown as they are, each with who turns it into a shown one. None today:
 * orders' transition and admin refusals became one OrderError (decision 0354).
 */
const caughtInside = new Map<ErrorClass, string>();

function messageAt(locale: string, texts: RefusalTexts, code: string): unknown {
  const tree = JSON.parse(readFileSync(path.join(root, "src/messages", locale, `${texts.namespace}.json`), "utf8")) as Record<string, unknown>;
  const keys = [...(texts.group ? texts.group.split(".") : []), code];
  return keys.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), tree);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

function missingTexts(entries: typeof shownBy): string[] {
  return entries.flatMap(([errorClass, texts]) =>
    Object.keys(errorClass.kinds).flatMap((code) =>
      locales
        .filter((locale) => {
          const text = messageAt(locale, texts, code);
          return typeof text !== "string" || text.trim() === "";
        })
        .map((locale) => `${nameOf(errorClass)} ${code}: no ${locale} text at ${texts.namespace}.${texts.group ? `${texts.group}.` : ""}${code}`),
    ),
  );
}

const nameOf = (errorClass: ErrorClass) => new errorClass(Object.keys(errorClass.kinds)[0] as never).name;

describe("refusal texts (decision 0352)", () => {
  it("knows where every domain error class of src/ is shown", () => {
    const declared = sourceFiles("src").flatMap((file) => [...readFileSync(path.join(root, file), "utf8").matchAll(/\bdomainError\("(\w+)"/g)].map((m) => m[1]));
    const known = [...shownBy.map(([errorClass]) => errorClass), ...caughtInside.keys()].map(nameOf);
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((name) => !known.includes(name))).toEqual([]);
  });

  it("has a text in English and Spanish for every code a domain can throw", () => {
    expect(missingTexts(shownBy)).toEqual([]);
  });

  it("fails on a code without a text (a planted one)", () => {
    const Planted = domainError("PlantedError", { productNotFound: "not_found", noSuchRefusalCode: "conflict" });
    expect(missingTexts([[Planted, backOffice]])).toEqual(["PlantedError noSuchRefusalCode: no en text at admin.errors.noSuchRefusalCode", "PlantedError noSuchRefusalCode: no es text at admin.errors.noSuchRefusalCode"]);
  });
});
