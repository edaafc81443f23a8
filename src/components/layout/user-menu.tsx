"use client";

import { LogOut, Settings, User, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/use-toast";
import { Link, useRouter } from "@/i18n/navigation";
import { authClient } from "@/lib/auth-client";
import { useAuthDialog } from "./auth-dialog-context";

/**
 * SPEC §2 header user icon: signed out it opens the auth dialog on the login view; signed in it opens a menu with
 * Profile, Admin (only when the server says the profile is an admin) and Logout.
 */
export function UserMenu({ label }: { label: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const { openAuthDialog } = useAuthDialog();
  const { data: current, isPending } = authClient.useSession();
  const [signingOut, setSigningOut] = useState(false);

  if (!current) {
    return (
      <button
        type="button"
        aria-label={label}
        title={t("menu.openLogin")}
        aria-busy={isPending}
        onClick={() => openAuthDialog({ view: "login" })}
        className="rounded-full p-2 hover:bg-muted"
        data-testid="user-menu-button"
      >
        <User className="size-5" aria-hidden />
      </button>
    );
  }

  async function logout() {
    setSigningOut(true);
    try {
      // better-auth's sign-out wants a JSON body; the client sends `{}` and the server deletes the session row.
      const { error } = await authClient.signOut();
      if (error) {
        toast({ title: t("toast.logoutFailedTitle"), description: error.message || t("toast.somethingWentWrong"), variant: "destructive" });
        return;
      }
      toast({ title: t("toast.logoutTitle"), description: t("toast.logoutDescription") });
      router.refresh();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    // Not modal: a modal menu hides the page from screen readers (aria-hidden) while it stays focusable behind.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button type="button" aria-label={label} className="rounded-full p-2 hover:bg-muted" data-testid="user-menu-button" data-signed-in="true">
          <UserRound className="size-5" aria-hidden />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" data-testid="user-menu">
        <DropdownMenuLabel className="max-w-56 truncate font-normal text-muted-foreground">{current.profile.fullName || current.user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/profile">
            <User aria-hidden />
            {t("menu.profile")}
          </Link>
        </DropdownMenuItem>
        {current.profile.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link href="/admin">
              <Settings aria-hidden />
              {t("menu.admin")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signingOut} onSelect={() => void logout()}>
          <LogOut aria-hidden />
          {t("menu.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
