"use client";

import { useLocale, useTranslations } from "next-intl";
import { failureFromThrown, failureText } from "@/lib/request-failure";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { useAuthDialog } from "@/features/accounts/components/auth-dialog-context";
import { startCheckout } from "@/features/checkout/actions";
import { getDiscountCode, setDiscountCode } from "@/features/promotions/code-store";
import { getShippingCountry } from "../destination-store";
import { clearCart, closeCart, setCheckoutProcessing, useCart } from "@/features/cart/cart-store";

/**
 * 'Proceed to Checkout' (docs/product.md#checkout): an empty cart is refused with a toast; a visitor gets the register view of the
 * auth dialog with 'Authentication Required'; otherwise the server creates the order from variant ids and quantities
 * only, the cart is cleared and the browser goes to the hosted payment page. Failures show 'Checkout Error'.
 */
export function CheckoutButton() {
  const t = useTranslations("cart");
  const tRequest = useTranslations("errors.request");
  const tc = useTranslations("checkout.toast");
  const locale = useLocale();
  const { lines, isProcessing } = useCart();
  const { openAuthDialog } = useAuthDialog();

  async function handleClick() {
    if (lines.length === 0) {
      toast({ title: t("emptyCartTitle"), description: t("emptyCartMessage"), variant: "destructive" });
      return;
    }
    setCheckoutProcessing(true);
    let leaving = false;
    try {
      const result = await startCheckout({
        items: lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
        locale,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        discountCode: getDiscountCode() ?? undefined,
        shippingCountry: getShippingCountry() ?? undefined,
      });
      if (result.ok) {
        leaving = true;
        setDiscountCode(null);
        // The cart is cleared once the redirect to payment starts; a cancelled payment refills it (docs/product.md#cart).
        clearCart();
        window.location.assign(result.url);
        return;
      }
      if (result.reason === "auth") {
        // Two modal layers would fight over focus: the drawer closes before the dialog opens.
        closeCart();
        openAuthDialog({ view: "register", notice: { title: t("authRequiredTitle"), message: t("authRequiredMessage") } });
        return;
      }
      toast({ title: tc("errorTitle"), description: result.message || tc("unexpected"), variant: "destructive" });
    } catch (thrown) {
      // The action never answered: the network, or the server failing (docs/product.md#error-messages).
      toast({ title: tc("errorTitle"), description: failureText(failureFromThrown(thrown), tRequest), variant: "destructive" });
    } finally {
      // While the payment page loads the button stays busy, so a second click cannot start a second order.
      if (!leaving) setCheckoutProcessing(false);
    }
  }

  return (
    <Button size="lg" className="w-full" disabled={isProcessing} aria-busy={isProcessing} onClick={handleClick}>
      {isProcessing ? <Spinner className="size-4" label={t("processing")} /> : null}
      {t("checkout")}
    </Button>
  );
}
