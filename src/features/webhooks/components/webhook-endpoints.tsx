"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import type { ActionResult } from "@/features/admin/action-runner";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { Link } from "@/i18n/navigation";
import { deleteWebhookEndpointAction, rotateWebhookSecretAction, sendWebhookTestAction } from "../admin-actions";
import { EndpointFormDialog, type EndpointView } from "./endpoint-form-dialog";
import { SecretDialog } from "./secret-dialog";

type Asking = { kind: "delete" | "rotate"; endpoint: EndpointView } | null;

/**
 * The endpoints of the webhooks screen (docs/product.md#webhooks): add, edit, send a test, make a new secret, delete.
 * A secret is shown once, right after it is made.
 */
export function WebhookEndpoints({ endpoints }: { endpoints: EndpointView[] }) {
  const t = useTranslations("webhooks.admin");
  const tc = useTranslations("admin.common");
  const router = useRouter();
  const call = useActionCall();
  const [pending, startTransition] = useTransition();
  const [editing, setEditing] = useState<EndpointView | "new" | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [secret, setSecret] = useState<{ id: number; secret: string } | null>(null);
  const eventName = (type: string) => t(`eventNames.${type.replace(".", "_") as "order_paid"}`);

  const run = <T,>(action: () => Promise<ActionResult<T>>, then: (value: T) => void) =>
    startTransition(async () => {
      const result = await call(action);
      if (!result.ok) {
        toast({ title: t("actionFailed"), description: result.error, variant: "destructive" });
        return;
      }
      then(result.value as T);
      router.refresh();
    });

  const test = (endpoint: EndpointView) =>
    run(
      () => sendWebhookTestAction(endpoint.id),
      (outcome) =>
        outcome.delivered
          ? toast({ title: t("testDelivered", { status: outcome.status ?? 0 }) })
          : toast({ title: t("testFailed", { error: outcome.error ?? "" }), variant: "destructive" }),
    );

  const confirm = () => {
    if (!asking) return;
    const { kind, endpoint } = asking;
    setAsking(null);
    if (kind === "delete") run(() => deleteWebhookEndpointAction(endpoint.id), () => toast({ title: t("deleted", { id: endpoint.id }) }));
    else run(() => rotateWebhookSecretAction(endpoint.id), (value) => setSecret({ id: endpoint.id, secret: value.secret }));
  };

  return (
    <div className="grid gap-4">
      <div>
        <Button onClick={() => setEditing("new")} data-testid="webhook-add">
          {t("add")}
        </Button>
      </div>
      {endpoints.length === 0 ? (
        <p className="py-4 text-muted-foreground">{t("noEndpoints")}</p>
      ) : (
        <ul className="grid gap-3" data-testid="webhook-endpoints">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="grid gap-2 rounded-[var(--radius)] border p-4" data-testid="webhook-endpoint" data-endpoint-id={endpoint.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="break-all font-mono text-sm">{endpoint.url}</span>
                <Badge variant={endpoint.enabled ? "success" : "outline"}>{endpoint.enabled ? t("on") : t("off")}</Badge>
              </div>
              {endpoint.description ? <p className="text-sm text-muted-foreground">{endpoint.description}</p> : null}
              <p className="flex flex-wrap gap-1 text-xs">
                {endpoint.events.map((type) => (
                  <Badge key={type} variant="secondary">
                    {eventName(type)}
                  </Badge>
                ))}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" disabled={pending} onClick={() => setEditing(endpoint)}>
                  {t("edit")}
                </Button>
                <Button size="sm" variant="outline" disabled={pending} onClick={() => test(endpoint)} data-testid="webhook-test">
                  {t("test")}
                </Button>
                <Button size="sm" variant="outline" disabled={pending} onClick={() => setAsking({ kind: "rotate", endpoint })}>
                  {t("rotate")}
                </Button>
                <Button size="sm" variant="outline" disabled={pending} onClick={() => setAsking({ kind: "delete", endpoint })}>
                  {t("delete")}
                </Button>
                <Link href={`/admin/webhooks?endpoint=${endpoint.id}`} className="self-center text-sm underline underline-offset-4">
                  {t("deliveriesOf")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <EndpointFormDialog
          endpoint={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            if (created) setSecret(created);
            else toast({ title: t("saved") });
            router.refresh();
          }}
        />
      ) : null}
      {secret ? <SecretDialog id={secret.id} secret={secret.secret} onClose={() => setSecret(null)} /> : null}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking ? t(asking.kind === "delete" ? "deleteTitle" : "rotateTitle", { id: asking.endpoint.id }) : ""}
        description={asking ? (asking.kind === "delete" ? t("deleteDescription", { url: asking.endpoint.url }) : t("rotateDescription")) : ""}
        confirmLabel={asking?.kind === "rotate" ? t("rotate") : t("delete")}
        cancelLabel={tc("cancel")}
        onConfirm={confirm}
      />
    </div>
  );
}
