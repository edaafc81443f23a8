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
import { GuestCheckoutForm, type GuestDetails, type GuestOutcome } from "./guest-checkout-form";

/**
 * Starting checkout from the cart (docs/product.md#checkout), shared by 'Proceed to Checkout' and the dialog's email
 * step (docs/product.md#guest-checkout): the server creates the order from variant ids and quantities only, the cart
 * is cleared and the browser goes to the hosted payment page. A visitor gets, when the shop takes guests, the email
 * step first (an email with an account is offered its sign-in, after which checkout goes on by itself); otherwise the
 * register view of the auth dialog with 'Authentication Required'.
 */
export function useStartCheckout() {
  const t = useTranslations("cart");
  const tRequest = useTranslations("errors.request");
  const tc = useTranslations("checkout.toast");
  const locale = useLocale();
  const { lines } = useCart();
  const { openAuthDialog, closeAuthDialog } = useAuthDialog();
  const tg = useTranslations("cart.guest");

  /** Answers what the email step shows next: the address's field errors, or the offer to sign in. */
  async function start(guest?: GuestDetails): Promise<GuestOutcome | undefined> {
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
        guestConfirmed: guest?.confirmed,
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
        if (result.guestCheckout) {
          openAuthDialog({
            firstStep: { title: tg("title"), description: tg("text"), content: <GuestCheckoutForm onSubmit={start} addressCountries={result.guestAddress} /> },
            // Signed in from the email step: on to payment, without a second 'Proceed to Checkout'.
            onSignedIn: () => void start(),
          });
        } else openAuthDialog({ view: "register", notice: { title: t("authRequiredTitle"), message: t("authRequiredMessage") } });
        return;
      }
      if (result.reason === "account") return { knownAccount: true };
      toast({ title: tc("errorTitle"), description: result.message || tc("unexpected"), variant: "destructive" });
      if (result.extrasErrors) {
        setDrawerExtrasErrors(result.extrasErrors);
        // A guest refused for an extra goes back to the drawer, where the field shows why.
        if (guestEmail !== undefined) {
          closeAuthDialog();
          openCart();
        }
      }
      return { fieldErrors: result.fieldErrors };
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
