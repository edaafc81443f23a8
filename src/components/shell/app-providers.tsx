"use client";

import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { useToast } from "@/components/ui/use-toast";
import { useCart } from "@/features/cart/cart-store";
import { useCartPriceRefresh } from "@/features/catalog/use-cart-price-refresh";
import { useCancelledOrderRestore } from "@/features/checkout/components/use-cancelled-order-restore";
import { AuthDialogProvider, useAuthDialog } from "@/features/accounts/components/auth-dialog-context";
import { IslandMessages } from "./island-messages";
import { loadAuthDialog, loadCartDrawer, loadToaster } from "./lazy-islands";
import { PageFade } from "./page-fade";

const CartDrawer = lazy(() => loadCartDrawer().then((m) => ({ default: m.CartDrawer })));
const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })));
// A toast area whose code cannot be fetched (offline) shows nothing rather than taking the whole page down.
const Toaster = lazy(() =>
  loadToaster().then(
    (m): { default: ComponentType } => ({ default: m.Toaster }),
    (): { default: ComponentType } => ({ default: () => null }),
  ),
);

/** Query parameters that open the auth dialog or show its outcome on arrival (links from gates and emails). */
const AUTH_PARAMS = ["auth", "returnTo", "verified"];
const hasAuthParams = () => {
  const params = new URLSearchParams(window.location.search);
  return AUTH_PARAMS.some((key) => params.has(key));
};
const noSubscription = () => () => {};

/**
 * True from the first time `wanted` is true: an island's code is fetched when it is first needed, then it stays
 * mounted so closing animations and later openings work as before.
 */
function useLatch(wanted: boolean) {
  const [latched, setLatched] = useState(false);
  if (wanted && !latched) setLatched(true);
  return latched || wanted;
}

function CartDrawerIsland() {
  const { isOpen } = useCart();
  // Stored prices are display hints only: refresh them from the catalog on start and each time the drawer opens.
  useCartPriceRefresh(isOpen);
  // Back from a cancelled payment: the order's lines return to the cart, which then opens.
  useCancelledOrderRestore();
  const mounted = useLatch(isOpen);
  return mounted ? (
    <Suspense fallback={null}>
      <IslandMessages island="cart">
        <CartDrawer />
      </IslandMessages>
    </Suspense>
  ) : null;
}

function AuthDialogIsland() {
  const { isOpen } = useAuthDialog();
  // Read after hydration (the server snapshot is false); the dialog itself then handles and removes the parameters.
  const fromUrl = useSyncExternalStore(noSubscription, hasAuthParams, () => false);
  const mounted = useLatch(isOpen || fromUrl);
  return mounted ? (
    <Suspense fallback={null}>
      <IslandMessages island="auth">
        <AuthDialog />
      </IslandMessages>
    </Suspense>
  ) : null;
}

function ToasterIsland() {
  const { toasts } = useToast();
  const mounted = useLatch(toasts.length > 0);
  useEffect(() => {
    // Fetched once the page is idle, so the first toast never waits for (or, offline, misses) its code.
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    idle(() => void loadToaster().catch(() => {}));
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * Client-side shell of every page: the auth dialog state, the page's fade-in on navigation, the cart drawer, the auth
 * dialog and the toast area.
 * The three overlays (Radix dialogs and toasts, the better-auth client, zod) are not needed before a shopper acts,
 * so their code loads on first use instead of with every page (JavaScript sent).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthDialogProvider>
      {children}
      <PageFade />
      <CartDrawerIsland />
      <AuthDialogIsland />
      <ToasterIsland />
    </AuthDialogProvider>
  );
}
