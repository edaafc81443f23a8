"use client";

import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { CartLine } from "@/features/cart/cart-lines";
import { CartSummary } from "./cart-summary";
import { quoteCartAction } from "../actions";
import type { CartQuote as Quote } from "../cart-quote";
import { setDiscountCode, useDiscountCode } from "@/features/promotions/code-store";
import { setShippingCountry, useShippingCountry, useShippingMethod } from "../destination-store";
import { ShippingMethodPicker } from "./shipping-method-picker";

/** Row keys keep the drawer's test ids from before the quote existed (cart-subtotal, cart-shipping, cart-total). */
const testId = (key: string) => `cart-${key}`;

/**
 * The drawer's money (docs/product.md#cart-drawer): subtotal, discounts, shipping, tax per rate and total, priced on
 * the server by the checkout's engine for the shopper's country; plus the discount code field with the server's
 * reason when a code cannot be used. Until the first answer arrives the local summary shows.
 */
export function CartQuote({ lines }: { lines: CartLine[] }) {
  const t = useTranslations("promotions.drawer");
  const tt = useTranslations("taxes");
  const ts = useTranslations("shippingZones.drawer");
  const locale = useLocale();
  const code = useDiscountCode();
  const chosenCountry = useShippingCountry();
  const chosenMethod = useShippingMethod();
  const [quote, setQuote] = useState<Extract<Quote, { ok: true }> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const items = lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity }));
  const itemsKey = JSON.stringify(items);

  async function ask(nextCode: string | null): Promise<boolean> {
    const answer = await quoteCartAction({ items: JSON.parse(itemsKey), code: nextCode, locale, country: chosenCountry, shippingMethodId: chosenMethod }).catch(() => null);
    if (!answer) {
      setQuote(null);
      return false;
    }
    if (!answer.ok) {
      setError(answer.message);
      return false;
    }
    setError(null);
    setQuote(answer);
    return true;
  }

  useEffect(() => {
    if (lines.length === 0) return;
    let stale = false;
    quoteCartAction({ items: JSON.parse(itemsKey), code, locale, country: chosenCountry, shippingMethodId: chosenMethod })
      .then((answer) => {
        if (stale) return;
        if (answer && !answer.ok && code) {
          // The code stopped applying (cart changed, used up): say why and price without it.
          setError(answer.message);
          setDiscountCode(null);
          return;
        }
        setQuote(answer && answer.ok ? answer : null);
      })
      .catch(() => {
        if (!stale) setQuote(null);
      });
    return () => {
      stale = true;
    };
    // itemsKey stands for the lines' ids and quantities.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [itemsKey, code, locale, chosenCountry, chosenMethod]);

  async function apply(event: React.FormEvent) {
    event.preventDefault();
    const typed = draft.trim();
    if (!typed) return;
    setBusy(true);
    try {
      if (await ask(typed)) {
        setDiscountCode(typed.toUpperCase());
        setDraft("");
      }
    } finally {
      setBusy(false);
    }
  }

  const regionNames = new Intl.DisplayNames([locale === "es" ? "es-ES" : "en-US"], { type: "region" });
  const nameOf = (country: string) => regionNames.of(country) ?? country;
  // The countries to choose from, by name; a guessed country outside the list (a saved address) stays choosable.
  const choices = quote ? [...new Set([...(quote.country ? [quote.country] : []), ...quote.countries])].sort((a, b) => nameOf(a).localeCompare(nameOf(b), locale)) : [];
  return (
    <div className="grid w-full gap-3">
      <form className="grid gap-1" onSubmit={apply} data-testid="discount-form">
        <label htmlFor="discount-code" className="text-sm font-medium">
          {t("label")}
        </label>
        <div className="flex gap-2">
          <input
            id="discount-code"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={60}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "discount-code-error" : undefined}
            className="h-9 min-w-0 flex-1 rounded-md border bg-background px-3 text-sm uppercase"
          />
          <Button type="submit" variant="outline" size="sm" disabled={busy || lines.length === 0}>
            {busy ? t("checking") : t("apply")}
          </Button>
        </div>
        {error ? (
          <p id="discount-code-error" role="alert" className="text-sm text-destructive" data-testid="discount-error">
            {error}
          </p>
        ) : null}
        {code && quote && "code" in quote && quote.code ? (
          <p className="flex items-center justify-between text-sm text-green-700" data-testid="discount-applied">
            {t("applied", { code: quote.code })}
            <Button type="button" variant="link" size="sm" onClick={() => setDiscountCode(null)}>
              {t("remove")}
            </Button>
          </p>
        ) : null}
      </form>
      {quote && lines.length > 0 ? (
        <div className="grid gap-1 text-sm" data-testid="cart-summary">
          {"notShipped" in quote ? (
            <p role="alert" className="text-sm text-destructive" data-testid="cart-not-shipped">
              {ts("notShipped", { country: quote.country ? nameOf(quote.country) : "—" })}
            </p>
          ) : null}
          {("rows" in quote ? quote.rows : []).map((row) => (
            <div key={row.key} className={cn("flex items-center justify-between", row.kind === "total" && "mt-1 text-lg font-semibold", row.kind === "tax" && "text-xs text-muted-foreground")}>
              <span className={row.kind === "total" || row.kind === "tax" ? "" : "text-muted-foreground"}>{row.label}</span>
              <span data-testid={testId(row.key)}>{row.value}</span>
            </div>
          ))}
          {"rows" in quote ? <ShippingMethodPicker quote={quote} /> : null}
          {/* The destination decides the tax (docs/product.md#taxes-and-discounts); checkout prices for the one chosen here. */}
          <div className="mt-1 flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <label htmlFor="cart-country">{tt("estimateFor")}</label>
            <select
              id="cart-country"
              className="h-8 max-w-[60%] rounded-md border bg-background px-2 text-xs text-foreground"
              value={quote.country ?? ""}
              onChange={(e) => setShippingCountry(e.target.value || null)}
              data-testid="cart-country"
            >
              {quote.country ? null : <option value="">{tt("otherCountry")}</option>}
              {choices.map((c) => (
                <option key={c} value={c}>
                  {nameOf(c)}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : (
        <CartSummary lines={lines} />
      )}
    </div>
  );
}
