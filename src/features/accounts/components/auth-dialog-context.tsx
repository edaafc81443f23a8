"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type AuthView = "login" | "register";

/** A notice shown at the top of the dialog, e.g. checkout's 'Authentication Required'. */
export type AuthNotice = { title: string; message: string };

type AuthDialogState = {
  isOpen: boolean;
  view: AuthView;
  notice: AuthNotice | null;
  openAuthDialog: (options?: { view?: AuthView; notice?: AuthNotice }) => void;
  closeAuthDialog: () => void;
  setView: (view: AuthView) => void;
};

const AuthDialogContext = createContext<AuthDialogState | null>(null);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [view, setView] = useState<AuthView>("login");
  const [notice, setNotice] = useState<AuthNotice | null>(null);
  const openAuthDialog = useCallback((options?: { view?: AuthView; notice?: AuthNotice }) => {
    setView(options?.view ?? "login");
    setNotice(options?.notice ?? null);
    setOpen(true);
  }, []);
  const closeAuthDialog = useCallback(() => {
    setOpen(false);
    setNotice(null);
  }, []);
  const value = useMemo(
    () => ({ isOpen, view, notice, openAuthDialog, closeAuthDialog, setView }),
    [isOpen, view, notice, openAuthDialog, closeAuthDialog],
  );
  return <AuthDialogContext.Provider value={value}>{children}</AuthDialogContext.Provider>;
}

/** Using the auth dialog outside its provider is a programming error: it fails loudly instead of doing nothing. */
export function useAuthDialog(): AuthDialogState {
  const state = useContext(AuthDialogContext);
  if (!state) throw new Error("useAuthDialog must be used within an AuthDialogProvider");
  return state;
}
