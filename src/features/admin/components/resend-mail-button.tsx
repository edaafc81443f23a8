"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { resendMailAction } from "../mail-actions";
import { useActionCall } from "@/features/admin/components/use-action-call";

/** Queues one outbox message again; the page then shows its new status. */
export function ResendMailButton({ id }: { id: number }) {
  const t = useTranslations("security.mail");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const call = useActionCall();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={pending}
      data-testid={`resend-mail-${id}`}
      onClick={() =>
        startTransition(async () => {
          const result = await call(() => resendMailAction(id));
          if (!result.ok) {
            toast({ title: t("resendFailed"), description: result.error, variant: "destructive" });
            return;
          }
          toast({ title: t("resent", { id }) });
          router.refresh();
        })
      }
    >
      {t("resend")}
    </Button>
  );
}
