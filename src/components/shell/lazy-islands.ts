/**
 * Loaders of the overlays that are fetched on first use (see app-providers.tsx). The header calls the preloads
 * when the pointer or focus reaches a button that opens one, so the code is usually there by the time of the click.
 */
export const loadCartDrawer = () => import("@/features/checkout/components/cart-drawer");
export const loadAuthDialog = () => import("@/features/accounts/components/auth-dialog");

// A failed preload is not an error: the click loads the code again (and reports a failure there).
export const preloadCartDrawer = () => void loadCartDrawer().catch(() => {});
export const preloadAuthDialog = () => void loadAuthDialog().catch(() => {});
