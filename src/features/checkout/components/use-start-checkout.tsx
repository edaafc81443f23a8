"use client";

import { useLocale, useTranslations } from "@/i18n/client";
import { failureFromThrown, failureText } from "@/lib/request-failure";
import { toast } from "@/components/ui/use-toast";
import { useAuthDialog } from "@/features/accounts/components/auth-dialog-context";
import { startCheckout } from "@/features/checkout/actions";
import { getDiscountCode, setDiscountCode } from "@/features/promotions/code-store";
import { getShippingCountry, getShippingMethod } from "../destination-store";
import { getPaymentMethodChoice } from "@/features/payments/method-choice-store";
import { clearCart, closeCart, openCart, setCheckoutProcessing, useCart } from "@/features/cart/cart-store";
import { clearDrawerExtras, getDrawerExtras, setDrawerExtrasErrors } from "./drawer-extras-store";
import { GuestCheckoutForm, type GuestDetails } from "./guest-checkout-form";
import type { AddressFieldErrors } from "@/features/addresses/address-schema";

/**
 * Starting checkout from the cart (docs/product.md#checkout), shared by 'Proceed to Checkout' and the dialog's
 * 'Continue as guest' (docs/product.md#guest-checkout): the server creates the order from variant ids and quantities
 * only, the cart is cleared and the browser goes to the hosted payment page. A visitor gets the register view of the
 * auth dialog with 'Authentication Required' — and, when the shop allows it, the guest form under it.
 */
export function useStartCheckout() {
  const t = useTranslations("cart");
  const tRequest = useTranslations("errors.request");
  const tc = useTranslations("checkout.toast");
  const locale = useLocale();
  const { lines } = useCart();
  const { openAuthDialog, closeAuthDialog } = useAuthDialog();

  /** Answers the guest address's field errors, when the server refused some (the guest form shows them). */
  async function start(guest?: GuestDetails): Promise<AddressFieldErrors | undefined> {
    if (lines.length === 0) {
      toast({ title: t("emptyCartTitle"), description: t("emptyCartMessage"), variant: "destructive" });
      return;
    }
    const guestEmail = guest?.email;
    setCheckoutProcessing(true);
    let leaving = false;
    try {
      const result = await startCheckout({
        items: lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
        locale,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        discountCode: getDiscountCode() ?? undefined,
        shippingCountry: getShippingCountry() ?? undefined,
        shippingMethodId: getShippingMethod(),
        guestEmail,
        paymentMethod: getPaymentMethodChoice() ?? undefined,
        guestAddress: guest?.address,
        extras: getDrawerExtras(),
      });
      if (result.ok) {
        leaving = true;
        setDiscountCode(null);
        clearDrawerExtras();
        // The cart is cleared once the redirect to payment starts; a cancelled payment refills it (docs/product.md#cart).
        clearCart();
        if (guestEmail !== undefined) closeAuthDialog();
        window.location.assign(result.url);
        return;
      }
      if (result.reason === "auth") {
        // Two modal layers would fight over focus: the drawer closes before the dialog opens.
        closeCart();
        openAuthDialog({
          view: "register",
          notice: { title: t("authRequiredTitle"), message: t("authRequiredMessage") },
          alternative: result.guestCheckout ? <GuestCheckoutForm onSubmit={start} addressCountries={result.guestAddress} /> : null,
        });
        return;
      }
      toast({ title: tc("errorTitle"), description: result.message || tc("unexpected"), variant: "destructive" });
      if (result.extrasErrors) {
        setDrawerExtrasErrors(result.extrasErrors);
        // A guest refused for an extra goes back to the drawer, where the field shows why.
        if (guestEmail !== undefined) {
          closeAuthDialog();
          openCart();
        }
      }
      return result.fieldErrors;
    } catch (thrown) {
      // The action never answered: the network, or the server failing (docs/product.md#error-messages).
      toast({ title: tc("errorTitle"), description: failureText(failureFromThrown(thrown), tRequest), variant: "destructive" });
    } finally {
      // While the payment page loads the button stays busy, so a second click cannot start a second order.
      if (!leaving) setCheckoutProcessing(false);
    }
  }
  return start;
}
