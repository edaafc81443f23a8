"use client";

import { useEffect } from "react";
import { Minus, Plus, ShoppingBag } from "lucide-react";
import { useLocale, useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { formatMoney } from "@/lib/money";
import type { CartLine } from "@/features/cart/cart-lines";
import { lineBlocksCheckout, lineStockState, type LineStock, type LineStockState } from "@/features/cart/line-stock";
import { removeFromCart, setCartOpen, updateCartQuantity, useCart } from "@/features/cart/cart-store";
import { setQuantityWithinStock } from "@/features/catalog/cart-within-stock";
import { dismissToast } from "@/components/ui/use-toast";
import { CheckoutButton } from "./checkout-button";
import { CartQuote } from "./cart-quote";
import { DrawerExtras } from "./drawer-extras";
import { PaymentMethodPicker } from "@/features/payments/components/payment-method-picker";
import { optimizedImageProps } from "@/features/catalog/components/optimized-image";

/** The line's stock note (docs/product.md#cart): "Only 3 left" at the limit; sold out or gone, marked and named. */
function LineStockNote({ state }: { state: LineStockState }) {
  const t = useTranslations("cart");
  if (state.kind === "ok") return null;
  const text = state.kind === "at_limit" ? t("onlyLeft", { n: state.n }) : state.kind === "sold_out" ? t("soldOut") : t("unavailable");
  return (
    <p className={state.kind === "at_limit" ? "text-sm text-muted-foreground" : "text-sm font-medium text-destructive"} data-testid="cart-line-stock">
      {text}
    </p>
  );
}

function CartLineRow({ line, stock }: { line: CartLine; stock: LineStock | undefined }) {
  const t = useTranslations("cart");
  const locale = useLocale();
  const state = lineStockState(line.quantity, stock);
  const blocked = lineBlocksCheckout(line.quantity, stock);
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line" data-blocked={blocked || undefined}>
      <div className="relative size-20 shrink-0 overflow-hidden rounded-md bg-muted">
        {line.imageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- optimized src/srcSet without next/image's client code
          <img {...optimizedImageProps({ src: line.imageUrl, fill: true, sizes: "80px" })} alt={line.productTitle} className="object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-xs text-muted-foreground">{t("noImage")}</span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate font-medium">{line.productTitle}</p>
        <p className="truncate text-sm text-muted-foreground">{line.variantTitle}</p>
        <p className="text-sm font-semibold">{formatMoney(line.unitPriceCents, line.currency, locale)}</p>
        <div className="mt-1 flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={t("decrease", { title: line.productTitle })}
            // The drawer's minus never goes below 1; Remove takes the line out (docs/product.md#cart-drawer).
            disabled={line.quantity <= 1}
            onClick={() => updateCartQuantity(line.variantId, Math.max(1, line.quantity - 1))}
          >
            <Minus aria-hidden />
          </Button>
          <span className="w-8 text-center tabular-nums" data-testid="cart-line-quantity" aria-live="polite">
            {line.quantity}
          </span>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={t("increase", { title: line.productTitle })}
            // The server holds the line to the units left; at the limit the note says so and the plus rests.
            disabled={state.kind !== "ok"}
            onClick={() => void setQuantityWithinStock(line.variantId, line.quantity + 1)}
          >
            <Plus aria-hidden />
          </Button>
          <Button variant="link" size="sm" className="ml-auto text-destructive" onClick={() => removeFromCart(line.variantId)}>
            {t("remove")}
          </Button>
        </div>
        <LineStockNote state={state} />
      </div>
    </li>
  );
}

/**
 * docs/product.md#cart-drawer: slides in from the right over a dimmed overlay; clicking the overlay closes it. Loaded on
 * first opening (app-providers.tsx), which also keeps the prices refreshed.
 */
export function CartDrawer() {
  const t = useTranslations("cart");
  const { lines, isOpen, stocks } = useCart();
  // The "Added to Cart" toast sits where the drawer's button is: opening the drawer puts it away.
  useEffect(() => {
    if (isOpen) dismissToast();
  }, [isOpen]);
  return (
    <Sheet open={isOpen} onOpenChange={setCartOpen}>
      {/* The drawer scrolls as a whole: the quote, the shipping and payment choices and the button may be taller than a
          short window, and the button must stay reachable. */}
      <SheetContent side="right" closeLabel={t("close")} className="overflow-y-auto" data-testid="cart-drawer" data-toasts-elsewhere="">
        <SheetHeader>
          <SheetTitle>{t("title")}</SheetTitle>
          <SheetDescription className="sr-only">{t("description")}</SheetDescription>
        </SheetHeader>
        {lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-muted-foreground">
            <ShoppingBag className="size-12" aria-hidden />
            <p>{t("empty")}</p>
          </div>
        ) : (
          <ul className="-mx-6 flex-1 divide-y overflow-y-auto px-6">
            {lines.map((line) => (
              <CartLineRow key={line.variantId} line={line} stock={stocks[line.variantId]} />
            ))}
          </ul>
        )}
        <SheetFooter className="border-t pt-4">
          <CartQuote lines={lines} />
          {lines.length > 0 ? <PaymentMethodPicker /> : null}
          {lines.length > 0 ? <DrawerExtras /> : null}
          <CheckoutButton />
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
