"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { useLocale, useTranslations } from "@/i18n/client";
import { Label } from "@/components/ui/label";
import { authClient } from "@/features/accounts/auth-client";
import { passwordSchema, PASSWORD_MAX } from "../schemas";
import { useAccountChangeCall } from "./account-change-call";
import { SaveWithNote } from "./account-details-form";
import { PasswordInput } from "./password-input";

const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1, { message: "wrongPassword" }).max(PASSWORD_MAX, { message: "wrongPassword" }), newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "passwordsDoNotMatch", path: ["confirmPassword"] });

/**
 * A new password on /profile (docs/product.md#account-details): the current one is required, and every other device
 * is signed out (better-auth's change-password with revokeOtherSessions; this device gets a new session).
 */
export function PasswordChangeForm() {
  const t = useTranslations("profile.details");
  const tAuth = useTranslations("auth");
  const locale = useLocale();
  const router = useRouter();
  const [fields, setFields] = useState({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const change = useAccountChangeCall(locale, { INVALID_PASSWORD: t("wrongPassword"), CREDENTIAL_ACCOUNT_NOT_FOUND: t("noPassword") });
  const labels = { showLabel: tAuth("dialog.showPassword"), hideLabel: tAuth("dialog.hidePassword") };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(fields);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message;
      const text = key === "wrongPassword" ? t("wrongPassword") : key === "passwordsDoNotMatch" ? tAuth("dialog.passwordsDoNotMatch") : tAuth(`errors.${key === "passwordTooLong" ? "passwordTooLong" : "passwordTooShort"}`);
      return change.setNote({ tone: "refused", text });
    }
    const { currentPassword, newPassword } = parsed.data;
    const changed = await change.run(
      (options) => authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true, fetchOptions: options }),
      () => t("passwordChanged"),
    );
    if (!changed) return;
    setFields({ currentPassword: "", newPassword: "", confirmPassword: "" });
    // The device list below is drawn on the server: it now shows this device only.
    router.refresh();
  }

  const field = (name: keyof typeof fields, label: string, autoComplete: string) => (
    <div className="grid gap-1">
      <Label htmlFor={`account-${name}`}>{label}</Label>
      <PasswordInput
        id={`account-${name}`}
        autoComplete={autoComplete}
        value={fields[name]}
        onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
        {...labels}
      />
    </div>
  );

  return (
    <form onSubmit={submit} className="grid gap-3 text-sm" data-testid="password-form" noValidate>
      {field("currentPassword", t("currentPassword"), "current-password")}
      {field("newPassword", t("newPassword"), "new-password")}
      <p className="text-xs text-muted-foreground">{tAuth("dialog.passwordHint")}</p>
      {field("confirmPassword", t("confirmPassword"), "new-password")}
      <SaveWithNote call={change} label={t("changePassword")} busyLabel={t("saving")} noteTestId="password-form-note" />
    </form>
  );
}
