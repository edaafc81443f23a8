import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { Badge } from "@/components/ui/badge";
import { formatMoney } from "@/lib/money";
import { formatRate } from "@/features/taxes/tax-format";
import { automaticPromotionsForDisplay, promotionsForProduct } from "../automatic-display";

/** One read of the running promotions per render, however many cards the page shows (render cost). */
const runningPromotions = cache(automaticPromotionsForDisplay);

/**
 * The automatic promotions running for a product ('Autumn: 10% off'), on its card and its page
 * (docs/product.md#discount-codes). Checkout applies them through the same engine; this only announces them.
 */
export async function PromotionBadges({ productId, categoryIds, currency, locale, className }: { productId: string; categoryIds: string[]; currency: string; locale: string; className?: string }) {
  const running = promotionsForProduct(await runningPromotions(), { id: productId, categoryIds });
  if (running.length === 0) return null;
  const t = await getTranslations({ locale: locale === "es" ? "es" : "en", namespace: "promotions" });
  return (
    <div className={className ?? "flex flex-wrap gap-1"} data-testid="promotion-badges">
      {running.map((p) => {
        const name = (locale === "es" && p.nameEs) || p.nameEn;
        const text =
          p.kind === "percent"
            ? t("badge", { name, percent: formatRate(p.value, locale) })
            : p.kind === "fixed"
              ? t("badgeFixed", { name, amount: formatMoney(p.value, currency, locale) })
              : t("badgeFreeShipping", { name });
        return (
          <Badge key={p.id} variant="secondary" data-testid="promotion-badge">
            {text}
          </Badge>
        );
      })}
    </div>
  );
}
