import { minorToDecimal } from "@/lib/money";
import { instantToZonedLocal } from "@/lib/time-zone";
import type { PickedTarget } from "./components/target-picker";
import type { PromotionRow } from "./service";
import type { PromotionFormValues } from "./components/promotion-form";

/**
 * A stored promotion as the admin form shows it: amounts in the store currency's main unit, dates on the shop's clock
 * (datetime-local), products and categories with their names (`named`: those that still exist; others show their id).
 */
export function promotionFormValues(row: PromotionRow, currency: string, timeZone: string, named: { products: PickedTarget[]; categories: PickedTarget[] }): PromotionFormValues {
  const local = (d: Date | null) => (d ? instantToZonedLocal(d, timeZone) : "");
  const withNames = (ids: string[], known: PickedTarget[]) => ids.map((id) => known.find((t) => t.id === id) ?? { id, name: id });
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
    products: withNames(row.productIds, named.products),
    categories: withNames(row.categoryIds, named.categories),
    active: row.active,
  };
}

