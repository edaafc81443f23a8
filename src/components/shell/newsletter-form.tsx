"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";

/** docs/product.md#footer: email required (browser email type); submitting only thanks the shopper, no server call yet. */
export function NewsletterForm() {
  const t = useTranslations("layout.footer.newsletter");
  const id = useId();
  const [email, setEmail] = useState("");
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    toast({ title: t("successTitle"), description: t("successMessage") });
    setEmail("");
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" data-testid="newsletter-form">
      <label htmlFor={id} className="sr-only">
        {t("label")}
      </label>
      <Input
        id={id}
        type="email"
        name="email"
        required
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder={t("placeholder")}
        className="bg-background text-foreground"
      />
      <Button type="submit" variant="secondary">
        {t("submit")}
      </Button>
    </form>
  );
}
