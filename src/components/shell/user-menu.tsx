"use client";

import { User, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import { useSession } from "@/features/accounts/session-client";
import { useAuthDialog } from "@/features/accounts/components/auth-dialog-context";
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

  if (!current) {
    return (
      <button
        type="button"
        aria-label={label}
        title={t("menu.openLogin")}
        aria-busy={isPending}
        onClick={() => openAuthDialog({ view: "login" })}
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
        className="rounded-full p-2 hover:bg-muted"
        data-testid="user-menu-button"
      >
        <User className="size-5" aria-hidden />
      </button>
    );
  }

  return (
    // While the menu's code loads, the same icon shows, busy (the menu cannot open before it is there).
    <Suspense
      fallback={
        <button type="button" aria-label={label} aria-busy className="rounded-full p-2 hover:bg-muted" data-testid="user-menu-button">
          <UserRound className="size-5" aria-hidden />
        </button>
      }
    >
      <SignedInMenu label={label} current={current} />
    </Suspense>
  );
}
