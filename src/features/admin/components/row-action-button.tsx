"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import type { ActionResult } from "@/features/admin/action-runner";
import { useActionCall } from "./use-action-call";

/**
 * A small button on a table row that runs one back-office action (resend a mail, replay a webhook, remove a role…),
 * says in a toast why it failed (and, given `done`, that it worked) and reloads the page's data.
 */
export function RowActionButton({ label, testId, run, done, failed }: { label: string; testId?: string; run: () => Promise<ActionResult<unknown>>; done?: string; failed: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const call = useActionCall();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={pending}
      data-testid={testId}
      onClick={() =>
        startTransition(async () => {
          const result = await call(run);
          if (!result.ok) {
            toast({ title: failed, description: result.error, variant: "destructive" });
            return;
          }
          if (done) toast({ title: done });
          router.refresh();
        })
      }
    >
      {label}
    </Button>
  );
}
