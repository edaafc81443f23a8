import { useSyncExternalStore } from "react";

/**
 * A small value kept for this browser tab (sessionStorage) that components subscribe to: the drawer's discount code,
 * its destination country. Display state only — the server checks whatever it is sent. Without storage (private
 * mode) the value lives until the page reloads.
 */
export function sessionValue(key: string) {
  let value: string | null = null;
  let loaded = false;
  const listeners = new Set<() => void>();

  function get(): string | null {
    if (!loaded && typeof window !== "undefined") {
      loaded = true;
      try {
        value = window.sessionStorage.getItem(key);
      } catch {
        value = null;
      }
    }
    return value;
  }

  function set(next: string | null) {
    get();
    value = next;
    try {
      if (next) window.sessionStorage.setItem(key, next);
      else window.sessionStorage.removeItem(key);
    } catch {
      // No storage: kept in memory only.
    }
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  function useValue(): string | null {
    return useSyncExternalStore(subscribe, get, () => null);
  }

  return { get, set, useValue };
}
