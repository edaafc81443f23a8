"use client";

import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCart } from "@/features/cart/cart-store";
import { useStartCheckout } from "./use-start-checkout";

/**
 * 'Proceed to Checkout' (docs/product.md#checkout): an empty cart is refused with a toast; a visitor gets the register view of the
 * auth dialog with 'Authentication Required' (and 'Continue as guest' when the checkout settings allow guests); otherwise the server
 * creates the order and the browser goes to the hosted payment page. Failures show 'Checkout Error'.
 */
export function CheckoutButton() {
  const t = useTranslations("cart");
  const { isProcessing } = useCart();
  const start = useStartCheckout();

  return (
    <Button size="lg" className="w-full" disabled={isProcessing} aria-busy={isProcessing} onClick={() => void start()}>
      {isProcessing ? <Spinner className="size-4" label={t("processing")} /> : null}
      {t("checkout")}
    </Button>
  );
}
