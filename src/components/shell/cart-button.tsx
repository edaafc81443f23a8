"use client";

import { useTranslations } from "@/i18n/client";
import { CartIcon } from "@/components/ui/cart-icon";
import { totalQuantity } from "@/features/cart/cart-lines";
import { openCart, useCart } from "@/features/cart/cart-store";
import { preloadCartDrawer } from "./lazy-islands";

/** Opens the cart drawer; the badge shows the sum of quantities, only above 0. */
export function CartButton() {
  const t = useTranslations("layout.cart");
  const { lines } = useCart();
  const count = totalQuantity(lines);
  return (
    <button
      type="button"
      onClick={openCart}
      onPointerEnter={preloadCartDrawer}
      onFocus={preloadCartDrawer}
      aria-label={count > 0 ? t("openWithCount", { count }) : t("open")}
      className="relative rounded-full p-2 hover:bg-muted"
      data-testid="cart-button"
    >
      <CartIcon className="size-5" />
      {count > 0 ? (
        <span
          data-testid="cart-badge"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-accent-foreground"
        >
          {count}
        </span>
      ) : null}
    </button>
  );
}
