"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * The confirm and unsubscribe pages' one button: the action runs only when a person presses it, then the page shows
 * the outcome in place (a link opened by a mail scanner changes nothing).
 */
export function TokenAction({
  token,
  action,
  label,
  done,
  invalid,
}: {
  token: string;
  action: (token: string) => Promise<{ email: string } | null>;
  label: string;
  done: { title: string; text: string };
  invalid: { title: string; text: string };
}) {
  const [state, setState] = useState<"idle" | "busy" | "done" | "invalid">("idle");
  const [email, setEmail] = useState("");
  if (state === "done" || state === "invalid") {
    const shown = state === "done" ? done : invalid;
    return (
      <div role="status" data-testid="newsletter-outcome">
        <h2 className="text-xl font-semibold">{shown.title}</h2>
        <p className="mt-2 text-muted-foreground">{shown.text.replace("{email}", email)}</p>
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
      {label}
    </Button>
  );
}
