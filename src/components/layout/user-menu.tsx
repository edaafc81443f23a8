"use client";

import { User } from "lucide-react";
import { useAuthDialog } from "./auth-dialog-context";

// Placeholder until the accounts work lands: signed out, the user icon opens the auth dialog on the login view.
export function UserMenu({ label }: { label: string }) {
  const { openAuthDialog } = useAuthDialog();
  return (
    <button type="button" aria-label={label} onClick={() => openAuthDialog({ view: "login" })} className="rounded-full p-2 hover:bg-muted">
      <User className="size-5" aria-hidden />
    </button>
  );
}
