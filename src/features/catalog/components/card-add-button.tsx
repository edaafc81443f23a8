"use client";

import { useTranslations } from "@/i18n/client";
import { CartIconCopy } from "@/components/ui/cart-icon";
import { toast } from "@/components/ui/use-toast";
import { addToCart } from "@/features/cart/cart-store";
import type { CartItemInput } from "@/features/cart/cart-lines";
import { useRouter } from "@/i18n/navigation";

/**
 * The card's only client island. A product with several variants sends the shopper to its page to choose one;
 * a single-variant product is added with quantity 1 (docs/product.md#product-card).
 */
export function CardAddButton({ href, item, disabled }: { href: string; item: CartItemInput | null; disabled: boolean }) {
  const t = useTranslations("store.card");
  const router = useRouter();
  function onClick() {
    if (!item) {
      router.push(href);
      return;
    }
    try {
      addToCart(item, 1);
      toast({ title: t("addedTitle"), description: t("addedDescription", { title: item.productTitle }) });
    } catch (error) {
      toast({ title: t("errorTitle"), description: error instanceof Error ? error.message : String(error), variant: "destructive" });
    }
  }
  return (
    // The default Button's look as one class (storefront.css): its class list was a tenth of the store page's HTML.
    <button type="button" className="card-add-button" onClick={onClick} disabled={disabled} data-testid="card-add-to-cart">
      <CartIconCopy />
      {t("addToCart")}
    </button>
  );
}
