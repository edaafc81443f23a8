"use client";

import { useTransition } from "react";
import { useRouter } from "@/i18n/navigation";

/**
 * The filter form's <form>: without JavaScript it submits natively (GET); with it, the same fields become the URL
 * without the empty ones ("sort=&price="), so a shared link holds only the filters chosen. The store page has no
 * loading state (decision 0230), so while the next page loads the form says it is busy (aria-busy, dimmed).
 */
export function FilterFormShell({ action, children, className }: { action: string; children: React.ReactNode; className?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <form
      method="get"
      action=""
      className={pending ? `${className ?? ""} opacity-60 transition-opacity` : className}
      aria-busy={pending || undefined}
      data-testid="filter-form"
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value !== "") params.append(name, value);
        const query = params.toString();
        startTransition(() => router.push(query ? `${action}?${query}` : action));
      }}
    >
      {children}
    </form>
  );
}
