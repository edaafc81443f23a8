import type { PromotionRow } from "./service";
import type { PromotionFormValues } from "./components/promotion-form";

/** A stored promotion as the admin form shows it (amounts in the main unit, dates as UTC datetime-local). */
export function promotionFormValues(row: PromotionRow): PromotionFormValues {
  const local = (d: Date | null) => (d ? d.toISOString().slice(0, 16) : "");
  return {
    code: row.code ?? "",
    nameEn: row.nameEn,
    nameEs: row.nameEs,
    kind: row.kind,
    amount: row.kind === "free_shipping" ? "0" : String(row.value / 100),
    minSubtotal: String(row.minSubtotalCents / 100),
    startsAt: local(row.startsAt),
    endsAt: local(row.endsAt),
    usageLimit: row.usageLimit === null ? "" : String(row.usageLimit),
    oncePerCustomer: row.oncePerCustomer,
    productIds: row.productIds.join(", "),
    categoryIds: row.categoryIds.join(", "),
    active: row.active,
  };
}
