"use client";

import { useRouter } from "@/i18n/navigation";

/**
 * The filter form's <form>: without JavaScript it submits natively (GET); with it, the same fields become the URL
 * without the empty ones ("sort=&price="), so a shared link holds only the filters chosen.
 */
export function FilterFormShell({ action, children, className }: { action: string; children: React.ReactNode; className?: string }) {
  const router = useRouter();
  return (
    <form
      method="get"
      action=""
      className={className}
      data-testid="filter-form"
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value !== "") params.append(name, value);
        const query = params.toString();
        router.push(query ? `${action}?${query}` : action);
      }}
    >
      {children}
    </form>
  );
}
