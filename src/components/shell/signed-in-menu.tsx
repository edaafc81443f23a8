"use client";

import { LogOut, Settings, User, UserRound } from "lucide-react";
import { failureFromThrown, failureText } from "@/lib/request-failure";
import { useTranslations } from "@/i18n/client";
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
import { signOut, type SessionSummary } from "@/features/accounts/session-client";
import { Link, useRouter } from "@/i18n/navigation";

/**
 * The signed-in user's menu: Profile, Admin (only when the server says the profile is an admin) and Logout.
 * Loaded by <UserMenu> only once a session is known, so visitors never download the dropdown.
 */
export function SignedInMenu({ label, current, defaultOpen = false }: { label: string; current: SessionSummary; defaultOpen?: boolean }) {
  const t = useTranslations("auth");
  const tRequest = useTranslations("errors.request");
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);

  async function logout() {
    setSigningOut(true);
    try {
      const { error } = await signOut();
      if (error) {
        toast({ title: t("toast.logoutFailedTitle"), description: error.message || failureText({ kind: "server", status: 500 }, tRequest), variant: "destructive" });
        return;
      }
      toast({ title: t("toast.logoutTitle"), description: t("toast.logoutDescription") });
      router.refresh();
    } catch (thrown) {
      toast({ title: t("toast.logoutFailedTitle"), description: failureText(failureFromThrown(thrown), tRequest), variant: "destructive" });
    } finally {
      setSigningOut(false);
    }
  }

  return (
    // Not modal: a modal menu hides the page from screen readers (aria-hidden) while it stays focusable behind.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
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
