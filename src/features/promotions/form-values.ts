import { minorToDecimal } from "@/lib/money";
import type { PromotionRow } from "./service";
import type { PromotionFormValues } from "./components/promotion-form";

/** A stored promotion as the admin form shows it (amounts in the store currency's main unit, dates as UTC datetime-local). */
export function promotionFormValues(row: PromotionRow, currency: string): PromotionFormValues {
  const local = (d: Date | null) => (d ? d.toISOString().slice(0, 16) : "");
  return {
    code: row.code ?? "",
    nameEn: row.nameEn,
    nameEs: row.nameEs,
    kind: row.kind,
    amount: row.kind === "free_shipping" ? "0" : row.kind === "percent" ? String(row.value / 100) : minorToDecimal(row.value, currency),
    minSubtotal: minorToDecimal(row.minSubtotalCents, currency),
    startsAt: local(row.startsAt),
    endsAt: local(row.endsAt),
    usageLimit: row.usageLimit === null ? "" : String(row.usageLimit),
    oncePerCustomer: row.oncePerCustomer,
    productIds: row.productIds.join(", "),
    categoryIds: row.categoryIds.join(", "),
    active: row.active,
  };
}
