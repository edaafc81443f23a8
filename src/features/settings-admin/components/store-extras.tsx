"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { Link, useRouter } from "@/i18n/navigation";
import { removeLogoAction, sendTestEmailAction, uploadLogoAction } from "../actions";

type Outcome = { ok: boolean; text: string } | null;

function OutcomeText({ outcome, testId }: { outcome: Outcome; testId: string }) {
  if (!outcome) return null;
  return (
    <p id={`${testId}`} role={outcome.ok ? "status" : "alert"} className={outcome.ok ? "text-sm text-muted-foreground" : "text-sm text-destructive"} data-testid={testId}>
      {outcome.text}
    </p>
  );
}

/** The store's logo (docs/product.md#settings): upload or remove; the header, emails and invoices show it. */
export function LogoUpload({
  logoUrl,
  storeName,
  texts,
}: {
  logoUrl: string | null;
  storeName: string;
  texts: { label: string; hint: string; none: string; upload: string; replace: string; remove: string; uploaded: string; removed: string };
}) {
  const router = useRouter();
  const call = useActionCall();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function run(action: () => Promise<{ ok: boolean; error?: string }>, done: string) {
    setBusy(true);
    setOutcome(null);
    const result = await action();
    setBusy(false);
    setOutcome(result.ok ? { ok: true, text: done } : { ok: false, text: result.error ?? "" });
    if (result.ok) router.refresh();
  }

  return (
    <div className="grid gap-2" data-testid="settings-logo">
      <Label htmlFor="settings-store-logo">{texts.label}</Label>
      {logoUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- a small PNG of unknown proportions from the shop's storage
        <img src={logoUrl} alt={storeName} className="h-12 w-auto max-w-full self-start object-contain" data-testid="settings-logo-preview" />
      ) : (
        <p className="text-sm text-muted-foreground">{texts.none}</p>
      )}
      <input
        ref={input}
        id="settings-store-logo"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
        className="max-w-full text-sm"
        aria-invalid={outcome && !outcome.ok ? true : undefined}
        aria-describedby={outcome && !outcome.ok ? "settings-store-logo-error" : undefined}
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          const form = new FormData();
          form.set("logo", file);
          void run(() => call(() => uploadLogoAction(form)), texts.uploaded).then(() => {
            if (input.current) input.current.value = "";
          });
        }}
      />
      <p className="text-xs text-muted-foreground">{texts.hint}</p>
      {logoUrl ? (
        <Button type="button" variant="outline" size="sm" className="self-start" disabled={busy} onClick={() => void run(() => call(() => removeLogoAction()), texts.removed)}>
          {texts.remove}
        </Button>
      ) : null}
      <OutcomeText outcome={outcome} testId={outcome && !outcome.ok ? "settings-store-logo-error" : "settings-logo-message"} />
    </div>
  );
}

/** The mail section's extras: a test email to the signed-in admin, and the outbox at a glance with the way to it. */
export function MailTools({ outbox, texts }: { outbox: string; texts: { sendTest: string; queued: string; openOutbox: string } }) {
  const router = useRouter();
  const call = useActionCall();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <div className="grid gap-2 border-t pt-4" data-testid="settings-mail-tools">
      <p className="text-sm" data-testid="settings-outbox">
        {outbox}{" "}
        <Link href="/admin/mail" className="underline">
          {texts.openOutbox}
        </Link>
      </p>
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={busy}
        data-testid="settings-send-test"
        onClick={async () => {
          setBusy(true);
          const result = await call(() => sendTestEmailAction());
          setBusy(false);
          setOutcome(result.ok ? { ok: true, text: texts.queued } : { ok: false, text: result.error });
          if (result.ok) router.refresh();
        }}
      >
        {texts.sendTest}
      </Button>
      <OutcomeText outcome={outcome} testId="settings-test-message" />
    </div>
  );
}
