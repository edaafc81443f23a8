"use client";

import { createContext, useContext, useEffect, useRef, useSyncExternalStore, useTransition } from "react";
import { useRouter } from "@/i18n/navigation";

/** Where the one filter form is shown (filter-sheet.tsx): the wide screen's sidebar, or the phone's sheet. */
export const FilterPlace = createContext<{ place: "sidebar" | "sheet"; close?: () => void }>({ place: "sidebar" });

const noSubscription = () => () => {};

/**
 * The filter form's <form> (docs/product.md#filters-and-sort). Without JavaScript it submits natively (GET) with its
 * "Show results" button. With it, every change applies at once: the fields become the URL without the empty ones
 * ("sort=&price="), pushed as a history entry so the back button undoes a filter. The form is not remounted when the
 * results arrive (focus stays on the box just ticked, in the sidebar or in the phone's sheet); when the URL changes
 * from elsewhere (a chip, the back button) its fields are reset to the new state's defaults. The store page has no
 * loading state (decision 0230), so while the next page loads the form says it is busy (aria-busy, dimmed).
 */
export function FilterFormShell({ action, stateKey, children, className }: { action: string; stateKey: string; children: React.ReactNode; className?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // After the navigation settles: the defaults now hold the URL's state (a change made meanwhile is not undone).
    if (!pending) form.current?.reset();
  }, [stateKey, pending]);
  function apply(target: HTMLFormElement) {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(target)) if (typeof value === "string" && value !== "") params.append(name, value);
    const query = params.toString();
    startTransition(() => router.push(query ? `${action}?${query}` : action, { scroll: false }));
  }
  return (
    <form
      ref={form}
      method="get"
      action=""
      className={pending ? `${className ?? ""} opacity-60 transition-opacity` : className}
      aria-busy={pending || undefined}
      data-testid="filter-form"
      onChange={(event) => apply(event.currentTarget)}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      {children}
    </form>
  );
}

/**
 * The form's button. Without JavaScript: "Show results", the native submit. In the sidebar once the page is live,
 * nothing (changes apply at once). In the phone's sheet: "Show N results", which closes the sheet on the results
 * already behind it.
 */
export function FilterSubmit({ apply, show, className }: { apply: string; show: string; className: string }) {
  const { place, close } = useContext(FilterPlace);
  const live = useSyncExternalStore(noSubscription, () => true, () => false);
  if (place === "sheet" && close)
    return (
      <button type="button" className={className} onClick={close} data-testid="filter-show-results">
        {show}
      </button>
    );
  if (live) return null;
  return (
    <button type="submit" className={className}>
      {apply}
    </button>
  );
}
