"use client";

import { useState } from "react";
import { BookmarkPlus } from "lucide-react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { keepOrderAddressAction } from "../order-address-actions";

/**
 * "Save this address to your address book" on the success page of an order paid on a hosted page (decision 0389): one
 * click saves it, nothing is saved without it. Once saved (or found already saved) the button gives way to the answer.
 */
export function KeepOrderAddress({ orderId }: { orderId: number }) {
  const t = useTranslations("success.keepAddress");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ done: boolean; text: string } | null>(null);

  async function keep() {
    setBusy(true);
    try {
      const { outcome } = await keepOrderAddressAction(orderId);
      const done = outcome === "saved" || outcome === "already_saved";
      const text =
        outcome === "saved"
          ? t("saved")
          : outcome === "already_saved"
            ? t("alreadySaved")
            : outcome === "too_many"
              ? t("tooMany")
              : outcome === "invalid"
                ? t("invalid")
                : outcome === "auth"
                  ? t("signIn")
                  : t("notFound");
      setAnswer({ done, text });
    } catch {
      setAnswer({ done: false, text: t("failed") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 w-full max-w-sm rounded-md border p-3 text-left text-sm" data-testid="success-keep-address">
      {answer?.done ? null : (
        <>
          <p className="text-muted-foreground">{t("intro")}</p>
          <Button type="button" variant="outline" className="mt-2 h-auto min-h-10 w-full whitespace-normal" onClick={keep} disabled={busy}>
            <BookmarkPlus className="size-4" aria-hidden />
            {busy ? t("saving") : t("save")}
          </Button>
        </>
      )}
      <p role={answer && !answer.done ? "alert" : "status"} className={cn("mt-2", answer && !answer.done ? "text-destructive" : "text-muted-foreground")} data-testid="success-keep-address-note">
        {answer?.text}
      </p>
    </div>
  );
}
