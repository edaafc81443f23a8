"use client";

import { useTranslations } from "@/i18n/client";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/features/admin/components/field";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { createWebhookEndpointAction, updateWebhookEndpointAction } from "../admin-actions";
import { webhookEventTypes, type WebhookEventType } from "../events";

export type EndpointView = { id: number; url: string; description: string; events: string[]; enabled: boolean };

/**
 * Adds an endpoint or edits one (docs/product.md#webhooks): URL, description, events, on/off. The server checks again
 * and answers in words (an ftp:// address, one inside the shop's network, no event chosen…); a new endpoint's secret
 * goes to `onCreated`.
 */
export function EndpointFormDialog({
  endpoint,
  onClose,
  onSaved,
}: {
  endpoint: EndpointView | null;
  onClose: () => void;
  onSaved: (created: { id: number; secret: string } | null) => void;
}) {
  const t = useTranslations("webhooks.admin");
  const tc = useTranslations("admin.common");
  const call = useActionCall();
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? [...webhookEventTypes]);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  // A refusal about the URL is shown under the URL field; any other under the form.
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const toggle = (type: WebhookEventType, on: boolean) => setEvents((current) => (on ? [...current, type] : current.filter((e) => e !== type)));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const input = { url, description, events, enabled };
      if (endpoint) {
        const result = await call(() => updateWebhookEndpointAction(endpoint.id, input));
        if (!result.ok) return setError({ text: result.error, field: result.field });
        onSaved(null);
      } else {
        const result = await call(() => createWebhookEndpointAction(input));
        if (!result.ok) return setError({ text: result.error, field: result.field });
        onSaved(result.value!);
      }
    });
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={tc("close")} data-testid="webhook-form">
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{endpoint ? t("editTitle", { id: endpoint.id }) : t("addTitle")}</DialogTitle>
            <DialogDescription>{t("formDescription")}</DialogDescription>
          </DialogHeader>
          {/* Text, not type=url: the browser would let ftp:// through and stop other mistakes with its own words. */}
          <Field
            id="webhook-url"
            label={t("url")}
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
            maxLength={2000}
            hint={t("urlHint")}
            error={error?.field === "url" ? error.text : undefined}
          />
          <Field id="webhook-description" label={t("description")} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t("events")}</legend>
            {webhookEventTypes.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                {t(`eventNames.${type.replace(".", "_") as "order_paid"}`)} <code className="text-xs text-muted-foreground">{type}</code>
              </label>
            ))}
          </fieldset>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
            {t("enabled")}
          </label>
          {error && error.field !== "url" ? (
            <p role="alert" className="text-sm text-destructive" data-testid="webhook-form-error">
              {error.text}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {tc("cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {t("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
