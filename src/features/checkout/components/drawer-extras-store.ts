"use client";

import { useSyncExternalStore } from "react";
import { sessionValue } from "@/lib/session-value";
import { extrasFields, type ExtrasField, type ExtrasFieldErrors } from "../order-extras";

/*
 * The checkout extras typed in the cart drawer (docs/product.md#checkout-extras), for a payment method whose page is
 * not ours: kept for this tab like the drawer's other choices, with the server's refusals to show beside the fields.
 * Display state only: the checkout checks them again.
 */
const values = sessionValue("checkout-extras");
let errors: ExtrasFieldErrors = {};
const errorListeners = new Set<() => void>();

export type DrawerExtras = Record<ExtrasField, string>;
const empty: DrawerExtras = { orderNote: "", companyName: "", taxId: "" };

function parse(raw: string | null): DrawerExtras {
  try {
    const stored = raw ? (JSON.parse(raw) as Partial<DrawerExtras>) : {};
    return Object.fromEntries(extrasFields.map((f) => [f, typeof stored[f] === "string" ? stored[f] : ""])) as DrawerExtras;
  } catch {
    return empty;
  }
}

export function getDrawerExtras(): DrawerExtras {
  return parse(values.get());
}

/** One field typed: stored, and its refusal cleared (the next checkout checks it again). */
export function setDrawerExtra(field: ExtrasField, value: string) {
  const next = { ...getDrawerExtras(), [field]: value };
  values.set(extrasFields.some((f) => next[f]) ? JSON.stringify(next) : null);
  if (errors[field]) setDrawerExtrasErrors({ ...errors, [field]: undefined });
}

/** After an order was opened with them, the next cart starts blank. */
export function clearDrawerExtras() {
  values.set(null);
  setDrawerExtrasErrors({});
}

export function setDrawerExtrasErrors(next: ExtrasFieldErrors) {
  errors = next;
  for (const listener of errorListeners) listener();
}

export function useDrawerExtras(): { values: DrawerExtras; errors: ExtrasFieldErrors } {
  const raw = values.useValue();
  const current = useSyncExternalStore(
    (listener) => {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    () => errors,
    () => errors,
  );
  return { values: parse(raw), errors: current };
}
