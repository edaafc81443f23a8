"use client";

import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { CartDrawer } from "@/features/cart/cart-drawer";
import { AuthDialog } from "./auth-dialog";
import { AuthDialogProvider } from "./auth-dialog-context";

/** Client-side shell of every page: the auth dialog state, the cart drawer, the auth dialog and the toast area. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthDialogProvider>
      {children}
      <CartDrawer />
      <AuthDialog />
      <Toaster />
    </AuthDialogProvider>
  );
}
