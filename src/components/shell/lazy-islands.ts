import { islandMessages, pageLocale } from "./island-messages";

/**
 * Loaders of the overlays that are fetched on first use (see app-providers.tsx). The header calls the preloads
 * when the pointer or focus reaches a button that opens one, so the code is usually there by the time of the click.
 * The cart drawer and the sign-in dialog fetch their messages at the same time as their code (<IslandMessages>).
 */
export const loadToaster = () => import("@/components/ui/toaster");
// The overlays' failures are told in toasts: the toast area's code comes with them, so a toast that says the network
// is gone can still be shown when the network is gone (docs/product.md#error-messages).
const withToaster = <T>(load: Promise<T>) => {
  void loadToaster().catch(() => {});
  return load;
};
export const loadCartDrawer = () => {
  void islandMessages("cart", pageLocale());
  return withToaster(import("@/features/checkout/components/cart-drawer"));
};
export const loadAuthDialog = () => {
  void islandMessages("auth", pageLocale());
  return withToaster(import("@/features/accounts/components/auth-dialog"));
};

// A failed preload is not an error: the click loads the code again (and reports a failure there).
export const preloadCartDrawer = () => void loadCartDrawer().catch(() => {});
export const preloadAuthDialog = () => void loadAuthDialog().catch(() => {});
