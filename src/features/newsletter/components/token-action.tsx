"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";

/**
 * The confirm and unsubscribe pages' one button: the action runs only when a person presses it, then the page shows
 * the outcome in place (a link opened by a mail scanner changes nothing). `messages` names the page's texts
 * (button, doneTitle, doneText with {email}, invalidTitle, invalidText), formatted by next-intl in the browser.
 */
export function TokenAction({
  token,
  action,
  messages,
}: {
  token: string;
  action: (token: string) => Promise<{ email: string } | null>;
  messages: "newsletter.confirmPage" | "newsletter.unsubscribePage" | "reminders.optOutPage";
}) {
  const t = useTranslations(messages);
  const [state, setState] = useState<"idle" | "busy" | "done" | "invalid">("idle");
  const [email, setEmail] = useState("");
  if (state === "done" || state === "invalid") {
    return (
      <div role="status" data-testid="newsletter-outcome">
        <h2 className="text-xl font-semibold">{state === "done" ? t("doneTitle") : t("invalidTitle")}</h2>
        <p className="mt-2 text-muted-foreground">{state === "done" ? t("doneText", { email }) : t("invalidText")}</p>
      </div>
    );
  }
  return (
    <Button
      disabled={state === "busy"}
      aria-busy={state === "busy"}
      onClick={async () => {
        setState("busy");
        const result = await action(token).catch(() => null);
        if (result) setEmail(result.email);
        setState(result ? "done" : "invalid");
      }}
    >
      {t("button")}
    </Button>
  );
}
