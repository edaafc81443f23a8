"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { confirmStockAlertAction, unsubscribeStockAlertAction } from "../actions";

/**
 * The confirm / unsubscribe pages' one button. The emailed link only opens the page; the change happens on the click,
 * so a mail scanner that follows links confirms or removes nothing.
 */
export function TokenActionCard({
  kind,
  token,
  title,
  text,
  button,
  done,
  failed,
}: {
  kind: "confirm" | "unsubscribe";
  token: string;
  title: string;
  text: string;
  button: string;
  done: string;
  failed: string;
}) {
  const [result, setResult] = useState<"done" | "failed" | null>(null);
  const [pending, startTransition] = useTransition();
  const run = () =>
    startTransition(async () => {
      const answer = await (kind === "confirm" ? confirmStockAlertAction(token) : unsubscribeStockAlertAction(token));
      setResult(answer.ok ? "done" : "failed");
    });
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <div>
        <Button onClick={run} disabled={pending || result === "done"}>
          {button}
        </Button>
      </div>
      <p aria-live="polite" data-testid="token-action-result" className={result === "failed" ? "text-destructive" : "text-success"}>
        {result === "done" ? done : result === "failed" ? failed : ""}
      </p>
    </div>
  );
}
