"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type AuthView = "login" | "register";

/** A notice shown at the top of the dialog, e.g. checkout's 'Authentication Required'. */
export type AuthNotice = { title: string; message: string };

/** A step shown instead of the sign-in forms until it asks for them (checkout's email step), with its own heading. */
export type AuthFirstStep = { title: string; description: string; content: ReactNode };

/**
 * What opens the dialog: which view, a notice, `alternative` — content shown under the sign-in forms, such as
 * checkout's 'Continue as guest' (docs/product.md#guest-checkout) —, `firstStep` and `onSignedIn`, what to do once
 * signed in here (checkout goes on to payment); accounts itself knows nothing of checkout.
 */
export type AuthDialogOptions = { view?: AuthView; notice?: AuthNotice; alternative?: ReactNode; firstStep?: AuthFirstStep; onSignedIn?: () => void };

type AuthDialogState = {
  isOpen: boolean;
  view: AuthView;
  notice: AuthNotice | null;
  alternative: ReactNode;
  firstStep: AuthFirstStep | null;
  onSignedIn: (() => void) | null;
  /** The email the sign-in form starts with (the first step's, when it leads to sign-in). */
  prefillEmail: string;
  /** Leaves the first step for the sign-in form, the email already typed. */
  signInWith: (email: string) => void;
  openAuthDialog: (options?: AuthDialogOptions) => void;
  closeAuthDialog: () => void;
  setView: (view: AuthView) => void;
};

const AuthDialogContext = createContext<AuthDialogState | null>(null);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [view, setView] = useState<AuthView>("login");
  const [notice, setNotice] = useState<AuthNotice | null>(null);
  const [alternative, setAlternative] = useState<ReactNode>(null);
  const [firstStep, setFirstStep] = useState<AuthFirstStep | null>(null);
  // Kept in an object: a function given to useState directly would be called as an updater.
  const [signedInHook, setSignedInHook] = useState<{ run: () => void } | null>(null);
  const [prefillEmail, setPrefillEmail] = useState("");
  const openAuthDialog = useCallback((options?: AuthDialogOptions) => {
    setView(options?.view ?? "login");
    setNotice(options?.notice ?? null);
    setAlternative(options?.alternative ?? null);
    setFirstStep(options?.firstStep ?? null);
    setSignedInHook(options?.onSignedIn ? { run: options.onSignedIn } : null);
    setPrefillEmail("");
    setOpen(true);
  }, []);
  const closeAuthDialog = useCallback(() => {
    setOpen(false);
    setNotice(null);
    setAlternative(null);
    setFirstStep(null);
    setSignedInHook(null);
  }, []);
  const signInWith = useCallback((email: string) => {
    setPrefillEmail(email);
    setFirstStep(null);
    setView("login");
  }, []);
  const onSignedIn = signedInHook?.run ?? null;
  const value = useMemo(
    () => ({ isOpen, view, notice, alternative, firstStep, onSignedIn, prefillEmail, signInWith, openAuthDialog, closeAuthDialog, setView }),
    [isOpen, view, notice, alternative, firstStep, onSignedIn, prefillEmail, signInWith, openAuthDialog, closeAuthDialog],
  );
  return <AuthDialogContext.Provider value={value}>{children}</AuthDialogContext.Provider>;
}

/** Using the auth dialog outside its provider is a programming error: it fails loudly instead of doing nothing. */
export function useAuthDialog(): AuthDialogState {
  const state = useContext(AuthDialogContext);
  if (!state) throw new Error("useAuthDialog must be used within an AuthDialogProvider");
  return state;
}
