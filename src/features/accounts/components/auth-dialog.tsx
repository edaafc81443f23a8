"use client";

import { useLocale, useTranslations } from "@/i18n/client";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { PasswordInput } from "@/features/accounts/components/password-input";
import { safeReturnTo } from "@/features/accounts/return-to";
import { refreshSession, showSignedIn, type SignedInUser } from "@/features/accounts/session-client";
import { loginSchema } from "@/features/accounts/schemas";
import { useRouter } from "@/i18n/navigation";
import { localizedPath, type Locale } from "@/i18n/routing";
import { RegisterForm } from "./register-form";
import { authClient } from "@/features/accounts/auth-client";
import { useAuthErrorText } from "@/features/accounts/components/auth-error-text";
import { TwoFactorStep } from "./two-factor-step";
import { useAuthDialog, type AuthView } from "./auth-dialog-context";

const emptyLogin = { email: "", password: "" };

/**
 * docs/product.md#auth-dialog: login and register views (plus 'Forgot password?'), show/hide toggles, loading labels and
 * toasts (docs/product.md#texts). Opened by the header, by checkout (with a notice) and by `?auth=login&returnTo=…` links the
 * server's gates redirect to.
 */
export function AuthDialog() {
  const t = useTranslations("auth");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const { isOpen, view, notice, alternative, firstStep, onSignedIn, prefillEmail, openAuthDialog, closeAuthDialog, setView } = useAuthDialog();
  const [forgot, setForgot] = useState(false);
  const [busy, setBusy] = useState(false);
  const [login, setLogin] = useState(emptyLogin);
  const [resetEmail, setResetEmail] = useState("");
  // The password was right and the account has two-factor sign-in: the code is asked next.
  const [secondFactor, setSecondFactor] = useState(false);
  const returnTo = useRef<string | null>(null);

  // The first step led here with the email it was given: the shopper types only the password. Adjusted during
  // render (React's pattern for state that follows a prop), not in an effect.
  const [seenPrefill, setSeenPrefill] = useState("");
  if (prefillEmail !== seenPrefill) {
    setSeenPrefill(prefillEmail);
    if (prefillEmail) setLogin({ email: prefillEmail, password: "" });
  }

  // Links from the server's gates and from emails: open the dialog, remember where to go back, show the outcome.
  useEffect(() => {
    const url = new URL(window.location.href);
    const params = url.searchParams;
    const requested = params.get("auth");
    if (requested === "login" || requested === "register") {
      returnTo.current = safeReturnTo(params.get("returnTo"), window.location.origin);
      openAuthDialog({ view: requested });
    }
    if (params.get("verified") === "1") {
      if (params.get("error")) toast({ title: t("toast.verifyFailedTitle"), description: t("toast.verifyFailedDescription"), variant: "destructive" });
      else toast({ title: t("toast.verifiedTitle"), description: t("toast.verifiedDescription") });
    }
    if (requested || params.has("returnTo") || params.has("verified")) {
      for (const key of ["auth", "returnTo", "verified", "error"]) params.delete(key);
      window.history.replaceState(window.history.state, "", url.pathname + (params.size ? `?${params}` : "") + url.hash);
    }
    // Runs once per page load; the translations of the first render are the page's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { runAuthCall } = useAuthErrorText(locale);

  // `signedIn`: the account the sign-in answer named, which the header shows at once (no wait for a session read).
  // `hasSession`: false after a sign-up that waits for the emailed link, when what was to follow cannot happen yet.
  const finish = (signedIn?: SignedInUser, hasSession = true) => {
    const next = hasSession ? onSignedIn : null;
    setLogin(emptyLogin);
    setForgot(false);
    closeAuthDialog();
    const target = returnTo.current;
    returnTo.current = null;
    // Server components (profile, admin, gates) read the new session on their next render; the header knows it now.
    if (target) window.location.assign(target);
    else {
      if (signedIn) showSignedIn(signedIn);
      else void refreshSession();
      router.refresh();
      next?.();
    }
  };

  const onOpenChange = (open: boolean) => {
    if (open) return;
    setForgot(false);
    returnTo.current = null;
    closeAuthDialog();
  };

  const switchView = (next: AuthView) => {
    setForgot(false);
    setView(next);
  };

  async function submitLogin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginSchema.safeParse(login);
    if (!parsed.success) {
      toast({ title: t("toast.loginFailedTitle"), description: t(`errors.${parsed.error.issues[0]?.message === "passwordTooLong" ? "passwordTooLong" : "invalidCredentials"}`), variant: "destructive" });
      return;
    }
    // No callbackURL: better-auth's client would navigate there after the sign-in. The verification link that an
    // unverified sign-in sends gets its landing page on the server (src/features/accounts/auth.ts).
    await runAuthCall(
      t("toast.loginFailedTitle"),
      setBusy,
      (options) => authClient.signIn.email({ email: parsed.data.email, password: parsed.data.password }, options),
      (data) => {
        if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
          setSecondFactor(true);
          return;
        }
        toast({ title: t("toast.loginSuccessTitle"), description: t("toast.loginSuccessDescription") });
        finish(data && "user" in data ? data.user : undefined);
      },
    );
  }

  // Signed up: with a session at once (`signedIn`), or (email verification on, null) after the emailed link is followed.
  const onRegistered = (signedIn: SignedInUser | null) => {
    if (!signedIn) returnTo.current = null;
    finish(signedIn ?? undefined, signedIn !== null);
  };

  async function submitForgot(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await runAuthCall(
      t("toast.resetFailedTitle"),
      setBusy,
      (options) => authClient.requestPasswordReset({ email: resetEmail.trim(), redirectTo: localizedPath("/reset-password", locale) }, options),
      () => {
        // The same answer whether or not the account exists.
        toast({ title: t("toast.resetSentTitle"), description: t("toast.resetSentDescription") });
        setResetEmail("");
        setForgot(false);
      },
    );
  }


  const passwordLabels = { showLabel: t("dialog.showPassword"), hideLabel: t("dialog.hidePassword") };
  const leading = firstStep && !forgot && !secondFactor ? firstStep : null;
  const title = leading ? leading.title : forgot ? t("dialog.forgotTitle") : view === "login" ? t("dialog.loginTitle") : t("dialog.registerTitle");
  const description = leading
    ? leading.description
    : forgot
      ? t("dialog.forgotDescription")
      : view === "login"
        ? t("dialog.loginDescription")
        : t("dialog.registerDescription");

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("dialog.close")} className="sm:max-w-md" data-testid="auth-dialog">
        {notice ? (
          <div role="status" className="rounded-[var(--radius)] border border-accent/40 bg-muted p-3 text-sm" data-testid="auth-notice">
            <p className="font-semibold">{notice.title}</p>
            <p className="text-muted-foreground">{notice.message}</p>
          </div>
        ) : null}
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>

        {leading ? (
          leading.content
        ) : !forgot ? (
          <div role="tablist" aria-label={title} className="grid grid-cols-2 gap-1 rounded-[var(--radius)] bg-muted p-1">
            {(["login", "register"] as const).map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                aria-selected={view === tab}
                onClick={() => switchView(tab)}
                className={`rounded-[calc(var(--radius)-2px)] px-3 py-1.5 text-sm font-medium ${view === tab ? "bg-background shadow-sm" : "text-muted-foreground"}`}
              >
                {tab === "login" ? t("dialog.loginTab") : t("dialog.registerTab")}
              </button>
            ))}
          </div>
        ) : null}

        {leading ? null : secondFactor ? (
          <TwoFactorStep
            onRestart={() => setSecondFactor(false)}
            onDone={() => {
              setSecondFactor(false);
              toast({ title: t("toast.loginSuccessTitle"), description: t("toast.loginSuccessDescription") });
              finish();
            }}
          />
        ) : forgot ? (
          <form className="grid gap-4" onSubmit={submitForgot} data-testid="forgot-form">
            <div className="grid gap-2">
              <Label htmlFor="forgot-email">{t("dialog.email")}</Label>
              <Input id="forgot-email" type="email" autoComplete="email" required value={resetEmail} onChange={(e) => setResetEmail(e.target.value)} />
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? t("dialog.sending") : t("dialog.sendResetLink")}
            </Button>
            <Button type="button" variant="link" onClick={() => setForgot(false)}>
              {t("dialog.backToLogin")}
            </Button>
          </form>
        ) : view === "login" ? (
          <form className="grid gap-4" onSubmit={submitLogin} data-testid="login-form">
            <div className="grid gap-2">
              <Label htmlFor="login-email">{t("dialog.email")}</Label>
              <Input id="login-email" name="email" type="email" autoComplete="email" required value={login.email} onChange={(e) => setLogin({ ...login, email: e.target.value })} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="login-password">{t("dialog.password")}</Label>
              <PasswordInput
                id="login-password"
                name="password"
                autoComplete="current-password"
                required
                maxLength={128}
                value={login.password}
                onChange={(e) => setLogin({ ...login, password: e.target.value })}
                {...passwordLabels}
              />
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? t("dialog.loggingIn") : t("dialog.login")}
            </Button>
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => setForgot(true)}>
              {t("dialog.forgotPassword")}
            </Button>
          </form>
        ) : (
          <RegisterForm busy={busy} setBusy={setBusy} onRegistered={onRegistered} />
        )}
        {/* E.g. checkout's 'Continue as guest' (docs/product.md#guest-checkout), under the sign-in forms. */}
        {alternative && !leading && !forgot && !secondFactor ? <div className="border-t pt-4">{alternative}</div> : null}
      </DialogContent>
    </Dialog>
  );
}
