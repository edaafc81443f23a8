"use client";

import { UserIcon, UserRoundIcon } from "@/components/ui/icons";
import { useTranslations } from "@/i18n/client";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSession } from "@/features/accounts/session-client";
import { useAuthDialog } from "@/features/accounts/components/auth-dialog-context";
import { IslandMessages } from "./island-messages";
import { preloadAuthDialog } from "./lazy-islands";

const SignedInMenu = lazy(() => import("./signed-in-menu").then((m) => ({ default: m.SignedInMenu })));

/**
 * The header's user icon (docs/product.md#header): signed out it opens the auth dialog on the login view; signed in a menu with
 * Profile, Admin (only when the server says the profile is an admin) and Logout.
 */
export function UserMenu({ label }: { label: string }) {
  const t = useTranslations("auth");
  const { openAuthDialog } = useAuthDialog();
  const { data: current, isPending } = useSession();
  // A press while the session is still being read, or while the menu's code loads, is kept and acted on once both are
  // there: signed in, the menu opens; signed out, the login dialog. Before, a press during the session read opened the
  // login dialog over a signed-in page, and a press on the stand-in icon was lost (docs/product.md#keyboard).
  const [openOnLoad, setOpenOnLoad] = useState(false);
  useEffect(() => {
    if (!openOnLoad || isPending || current) return;
    // The kept press is spent on the dialog (else the menu would open by itself after signing in); one extra render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpenOnLoad(false);
    openAuthDialog({ view: "login" });
  }, [openOnLoad, isPending, current, openAuthDialog]);
  // The menu's code (Radix's dropdown, ≈35 kB gzipped with its parts) is fetched once a session is known, never while
  // it is being read: most visitors are signed out, and fetching it during every page's start competed with the
  // page's own start-up on phones (total blocking time, docs/performance.md). A press in between is kept (above).

  if (!current) {
    return (
      <button
        type="button"
        aria-label={label}
        title={t("menu.openLogin")}
        aria-busy={isPending}
        onClick={() => (isPending ? setOpenOnLoad(true) : openAuthDialog({ view: "login" }))}
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
        className="rounded-full p-2 hover:bg-muted"
        data-testid="user-menu-button"
      >
        <UserIcon className="size-5" aria-hidden />
      </button>
    );
  }

  return (
    // While the menu's code loads, the same icon shows, busy (the menu cannot open before it is there).
    <Suspense
      fallback={
        <button
          type="button"
          aria-label={label}
          aria-busy
          className="rounded-full p-2 hover:bg-muted"
          data-testid="user-menu-button"
          onPointerDown={() => setOpenOnLoad(true)}
          onClick={() => setOpenOnLoad(true)}
        >
          <UserRoundIcon className="size-5" aria-hidden />
        </button>
      }
    >
      {/* The menu's texts (its toasts) come with the sign-in dialog's messages, fetched once a session is known. */}
      <IslandMessages island="auth">
        <SignedInMenu label={label} current={current} defaultOpen={openOnLoad} />
      </IslandMessages>
    </Suspense>
  );
}
