"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { addToCart, openCart } from "@/features/cart/cart-store";
import { buyAgainAction } from "../actions";

/**
 * "Buy again" (docs/product.md#order-page): puts the still-available lines in the cart at today's prices, opens the
 * cart and names the lines that could not be added; the answer stays on the page for screen readers too.
 */
export function BuyAgainButton({ orderId }: { orderId: number }) {
  const t = useTranslations("orders");
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  async function click() {
    setBusy(true);
    setNotice(null);
    try {
      const result = await buyAgainAction({ orderId, locale });
      if (!result.ok) {
        toast({ title: t("buyAgainFailed"), description: t(`buyAgainErrors.${result.reason}`), variant: "destructive" });
        return;
      }
      for (const { quantity, ...item } of result.added) addToCart(item, quantity);
      // The count is of units, not lines: two of one product are "2 items were added".
      const units = result.added.reduce((sum, line) => sum + line.quantity, 0);
      const parts = [
        result.added.length ? t("buyAgainAdded", { count: units }) : t("buyAgainNothing"),
        result.unavailable.length ? t("buyAgainUnavailable", { items: result.unavailable.join(", ") }) : "",
      ].filter(Boolean);
      setNotice(parts.join(" "));
      if (result.added.length) openCart();
    } catch {
      toast({ title: t("buyAgainFailed"), description: t("buyAgainErrors.unexpected"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <Button onClick={click} disabled={busy} aria-busy={busy} data-testid="buy-again">
        {t("buyAgain")}
      </Button>
      <p role="status" className="mt-2 text-sm text-muted-foreground" data-testid="buy-again-notice">
        {notice}
      </p>
    </div>
  );
}
