"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { useAuthDialog } from "@/components/layout/auth-dialog-context";
import type { CartLine } from "./cart-lines";
import { closeCart, setCheckoutProcessing, useCart } from "./cart-store";

type Translate = ReturnType<typeof useTranslations<"cart">>;

export type CheckoutContext = {
  lines: CartLine[];
  openAuthDialog: ReturnType<typeof useAuthDialog>["openAuthDialog"];
  t: Translate;
};

/**
 * What 'Proceed to Checkout' does. For now (before the checkout work lands) it applies SPEC §5's two gates: an
 * empty cart is refused with a toast, and a shopper is sent to the register view of the auth dialog with
 * 'Authentication Required'. The checkout issue replaces the second branch with the real call for signed-in users.
 */
export async function onCheckout({ lines, openAuthDialog, t }: CheckoutContext): Promise<void> {
  if (lines.length === 0) {
    toast({ title: t("emptyCartTitle"), description: t("emptyCartMessage"), variant: "destructive" });
    return;
  }
  // Two modal layers would fight over focus: the drawer closes before the dialog opens.
  closeCart();
  openAuthDialog({ view: "register", notice: { title: t("authRequiredTitle"), message: t("authRequiredMessage") } });
}

/** 'Proceed to Checkout': disabled with a spinner while processing (SPEC §2). */
export function CheckoutButton() {
  const t = useTranslations("cart");
  const { lines, isProcessing } = useCart();
  const { openAuthDialog } = useAuthDialog();
  async function handleClick() {
    setCheckoutProcessing(true);
    try {
      await onCheckout({ lines, openAuthDialog, t });
    } finally {
      setCheckoutProcessing(false);
    }
  }
  return (
    <Button size="lg" className="w-full" disabled={isProcessing} aria-busy={isProcessing} onClick={handleClick}>
      {isProcessing ? <Spinner className="size-4" label={t("processing")} /> : null}
      {t("checkout")}
    </Button>
  );
}
