"use client";

import { useLocale, useTranslations } from "@/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { PlainButton } from "@/components/ui/button-base";
import { toast } from "@/components/ui/use-toast";
import { subscribeNewsletterAction } from "@/features/newsletter/actions";

/**
 * docs/product.md#newsletter: the address is stored and a confirmation email sent (double opt-in). Every valid address
 * gets the same 'Subscribed!' answer, asking to confirm from the inbox, whether it was new or already known.
 */
export function NewsletterForm() {
  const t = useTranslations("layout.footer.newsletter");
  const tn = useTranslations("newsletter");
  const locale = useLocale();
  const id = useId();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await subscribeNewsletterAction({ email, locale });
      if (result.ok) {
        toast({ title: t("successTitle"), description: t("successMessage") });
        setEmail("");
      } else {
        toast({ title: t("errorTitle"), description: tn(result.reason === "invalid" ? "invalidEmail" : "tooMany"), variant: "destructive" });
      }
    } catch {
      toast({ title: t("errorTitle"), description: tn("unexpected"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" data-testid="newsletter-form">
      <label htmlFor={id} className="sr-only">
        {t("label")}
      </label>
      {/* Input's classes as cn() merges them with "bg-background text-foreground", written out: Input's cn() would
          bring the class resolver to every page's JavaScript (decision 0240). */}
      <input
        id={id}
        type="email"
        name="email"
        required
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder={t("placeholder")}
        className="flex h-10 w-full rounded-[var(--radius)] border px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 bg-background text-foreground"
      />
      <PlainButton type="submit" variant="secondary" disabled={busy} aria-busy={busy}>
        {t("submit")}
      </PlainButton>
    </form>
  );
}
