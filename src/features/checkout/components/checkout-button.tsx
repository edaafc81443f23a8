"use client";

import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCart } from "@/features/cart/cart-store";
import { cartBlocksCheckout } from "@/features/cart/line-stock";
import { useStartCheckout } from "./use-start-checkout";

/**
 * 'Proceed to Checkout' (docs/product.md#checkout): an empty cart is refused with a toast; a visitor gets the register view of the
 * auth dialog with 'Authentication Required' (and 'Continue as guest' when the checkout settings allow guests); otherwise the server
 * creates the order and the browser goes to the hosted payment page. Failures show 'Checkout Error'.
 */
export function CheckoutButton() {
  const t = useTranslations("cart");
  const { isProcessing, lines, stocks } = useCart();
  const start = useStartCheckout();
  // A sold-out, gone or over-stock line would only be refused at the end (behind the sign-in dialog for a visitor):
  // the button waits until the shopper removes or changes it (docs/product.md#cart).
  const blocked = cartBlocksCheckout(lines, stocks);

  return (
    <>
      {blocked ? (
        <p id="checkout-blocked" className="text-sm font-medium text-destructive" data-testid="checkout-blocked">
          {t("blocked")}
        </p>
      ) : null}
      <Button
        size="lg"
        className="w-full"
        disabled={isProcessing || blocked}
        aria-busy={isProcessing}
        aria-describedby={blocked ? "checkout-blocked" : undefined}
        onClick={() => void start()}
      >
        {isProcessing ? <Spinner className="size-4" label={t("processing")} /> : null}
        {t("checkout")}
      </Button>
    </>
  );
}
