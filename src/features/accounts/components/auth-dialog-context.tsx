"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type AuthView = "login" | "register";

/** A notice shown at the top of the dialog, e.g. checkout's 'Authentication Required'. */
export type AuthNotice = { title: string; message: string };

/**
 * What opens the dialog: which view, a notice, and `alternative` — content shown under the sign-in forms, such as
 * checkout's 'Continue as guest' (docs/product.md#guest-checkout); accounts itself knows nothing of checkout.
 */
export type AuthDialogOptions = { view?: AuthView; notice?: AuthNotice; alternative?: ReactNode };

type AuthDialogState = {
  isOpen: boolean;
  view: AuthView;
  notice: AuthNotice | null;
  alternative: ReactNode;
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
  const openAuthDialog = useCallback((options?: AuthDialogOptions) => {
    setView(options?.view ?? "login");
    setNotice(options?.notice ?? null);
    setAlternative(options?.alternative ?? null);
    setOpen(true);
  }, []);
  const closeAuthDialog = useCallback(() => {
    setOpen(false);
    setNotice(null);
    setAlternative(null);
  }, []);
  const value = useMemo(
    () => ({ isOpen, view, notice, alternative, openAuthDialog, closeAuthDialog, setView }),
    [isOpen, view, notice, alternative, openAuthDialog, closeAuthDialog],
  );
  return <AuthDialogContext.Provider value={value}>{children}</AuthDialogContext.Provider>;
}

/** Using the auth dialog outside its provider is a programming error: it fails loudly instead of doing nothing. */
export function useAuthDialog(): AuthDialogState {
  const state = useContext(AuthDialogContext);
  if (!state) throw new Error("useAuthDialog must be used within an AuthDialogProvider");
  return state;
}
