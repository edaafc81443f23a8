"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { useLocale, useTranslations } from "@/i18n/client";
import { localizedPath, type Locale } from "@/i18n/routing";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { authClient } from "@/features/accounts/auth-client";
import { emailSchema, fullNameSchema, PASSWORD_MAX } from "../schemas";
import { useAccountChangeCall, type FormNote } from "./account-change-call";
import { PasswordInput } from "./password-input";

/** The outcome under a form: announced to screen readers, red for a refusal. */
function FormNoteText({ note, testId }: { note: FormNote; testId: string }) {
  return (
    <p role={note?.tone === "refused" ? "alert" : "status"} className={cn("text-sm", note?.tone === "refused" ? "text-destructive" : "text-muted-foreground")} data-testid={testId}>
      {note?.text}
    </p>
  );
}

/** An account form's save button (its label says "saving…" while the call runs) and the call's outcome below it. */
export function SaveWithNote({ call, label, busyLabel, noteTestId, className }: { call: { busy: boolean; note: FormNote }; label: string; busyLabel: string; noteTestId: string; className?: string }) {
  return (
    <>
      <div>
        <Button type="submit" variant="outline" disabled={call.busy} className={className}>
          {call.busy ? busyLabel : label}
        </Button>
      </div>
      <FormNoteText note={call.note} testId={noteTestId} />
    </>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/**
 * The name and the email of /profile's account details (docs/product.md#account-details): a rename is saved at once
 * (better-auth's update-user; the profile follows); a new address is only asked for here, with the current password
 * (decision 0389) — the link mailed to it makes the change, and the page says the same whether or not that address can
 * be used (decision 0385).
 */
export function AccountDetailsForm({ name, email }: { name: string; email: string }) {
  const t = useTranslations("profile");
  const tAuth = useTranslations("auth.errors");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [fullName, setFullName] = useState(name);
  const [newEmail, setNewEmail] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const rename = useAccountChangeCall(locale);
  const move = useAccountChangeCall(locale, { INVALID_PASSWORD: t("details.wrongPassword"), CURRENT_PASSWORD_REQUIRED: tAuth("currentPasswordRequired") });
  const tDialog = useTranslations("auth.dialog");

  async function saveName(event: FormEvent) {
    event.preventDefault();
    const parsed = fullNameSchema.safeParse(fullName);
    if (!parsed.success) return rename.setNote({ tone: "refused", text: tAuth("fullNameRequired") });
    const saved = await rename.run(
      (options) => authClient.updateUser({ name: parsed.data, fetchOptions: options }),
      () => t("details.nameSaved"),
    );
    if (saved) router.refresh();
  }

  async function askForNewEmail(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(newEmail);
    if (!parsed.success) return move.setNote({ tone: "refused", text: tAuth("invalidEmail") });
    if (parsed.data === email.toLowerCase()) return move.setNote({ tone: "refused", text: t("details.emailSame") });
    if (currentPassword.length === 0 || currentPassword.length > PASSWORD_MAX) return move.setNote({ tone: "refused", text: tAuth("currentPasswordRequired") });
    const asked = await move.run(
      // better-auth's client does not type the field the server's hook asks for (account-changes.ts); its options'
      // body is merged into the request's.
      (options) => authClient.changeEmail({ newEmail: parsed.data, callbackURL: localizedPath("/profile", locale), fetchOptions: { ...options, body: { currentPassword } } }),
      () => t("details.emailSent", { email: parsed.data, current: email }),
    );
    setCurrentPassword("");
    if (asked) setNewEmail("");
  }

  return (
    <div className="grid gap-6 text-sm">
      <form onSubmit={saveName} className="grid gap-2" data-testid="name-form" noValidate>
        <Field id="account-full-name" label={t("fullName")}>
          <Input id="account-full-name" data-testid="profile-full-name" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} maxLength={120} />
        </Field>
        <SaveWithNote call={rename} label={t("details.saveName")} busyLabel={t("details.saving")} noteTestId="name-form-note" />
      </form>

      <form onSubmit={askForNewEmail} className="grid gap-2" data-testid="email-form" noValidate>
        <p>
          <span className="font-medium text-muted-foreground">{t("details.currentEmail")}: </span>
          <span className="break-all" data-testid="profile-email">
            {email}
          </span>
        </p>
        <Field id="account-new-email" label={t("details.newEmail")}>
          <Input id="account-new-email" type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} aria-describedby="account-new-email-hint" />
        </Field>
        <p id="account-new-email-hint" className="text-xs text-muted-foreground">
          {t("details.emailHint")}
        </p>
        <Field id="account-email-password" label={t("details.emailPassword")}>
          <PasswordInput
            id="account-email-password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            showLabel={tDialog("showPassword")}
            hideLabel={tDialog("hidePassword")}
          />
        </Field>
        <SaveWithNote call={move} label={t("details.changeEmail")} busyLabel={t("details.saving")} noteTestId="email-form-note" className="h-auto min-h-10 whitespace-normal text-left" />
      </form>
    </div>
  );
}
