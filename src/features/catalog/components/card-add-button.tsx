"use client";

import { useTranslations } from "@/i18n/client";
import { CartIconCopy } from "@/components/ui/cart-icon";
import { toast } from "@/components/ui/use-toast";
import { addWithinStock } from "../cart-within-stock";
import { useStockToast } from "./use-stock-toast";
import type { CartItemInput } from "@/features/cart/cart-lines";
import { Link } from "@/i18n/navigation";

/**
 * The card's only client island (docs/product.md#product-card). A single-variant product is added with quantity 1;
 * a product with several variants says "Choose options" and is a link to its page, where the shopper picks one: a
 * button that only navigated read as "Add to Cart" and then did not add.
 */
export function CardAddButton({ href, title, item, disabled }: { href: string; title: string; item: CartItemInput | null; disabled: boolean }) {
  const t = useTranslations("store.card");
  const stockToast = useStockToast();
  if (!item) {
    return (
      <Link href={href} className="card-add-button" aria-label={t("chooseOptionsFor", { title })} data-testid="card-choose-options">
        {t("chooseOptions")}
      </Link>
    );
  }
  async function onClick() {
    if (!item) return;
    try {
      const outcome = await addWithinStock(item, 1);
      stockToast(outcome, item.productTitle, () => toast({ title: t("addedTitle"), description: t("addedDescription", { title: item.productTitle }) }));
    } catch (error) {
      toast({ title: t("errorTitle"), description: error instanceof Error ? error.message : String(error), variant: "destructive" });
    }
  }
  return (
    // The default Button's look as one class (storefront.css): its class list was a tenth of the store page's HTML.
    <button type="button" className="card-add-button" onClick={() => void onClick()} disabled={disabled} data-testid="card-add-to-cart">
      <CartIconCopy />
      {t("addToCart")}
    </button>
  );
}
