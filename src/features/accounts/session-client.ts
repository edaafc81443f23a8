import { useSyncExternalStore } from "react";

/**
 * The signed-in state the header shows, read from better-auth's own `/api/auth/get-session` with a plain fetch.
 * The better-auth React client (≈14 kB gzipped with its stores) is loaded only by the forms that sign in, register
 * or reset a password; every page needs just this. It follows the client's habits so the header behaves the same:
 * read on first use, again when the tab becomes visible (at most every 5 s), when the browser comes back online,
 * and when another tab signs out (better-auth's `better-auth.message` localStorage broadcast).
 */
export type SessionSummary = {
  user: { email: string };
  profile: { fullName: string | null; isAdmin: boolean };
};

type SessionState = { data: SessionSummary | null; isPending: boolean };

const BROADCAST_KEY = "better-auth.message";
const FOCUS_REFETCH_MS = 5_000;
const serverState: SessionState = { data: null, isPending: true };
let state: SessionState = serverState;
let started = false;
let lastRequest = 0;
let requestSeq = 0;
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function isSession(body: unknown): body is SessionSummary {
  const b = body as Partial<SessionSummary> | null;
  return typeof b?.user?.email === "string" && typeof b.profile === "object" && b.profile !== null;
}

/** Reads the session again, e.g. after signing in; the latest request wins. */
export async function refreshSession(): Promise<void> {
  const seq = ++requestSeq;
  lastRequest = Date.now();
  try {
    const response = await fetch("/api/auth/get-session", { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) throw new Error(`get-session answered ${response.status}`);
    const body: unknown = await response.json();
    if (seq === requestSeq) setState({ data: isSession(body) ? body : null, isPending: false });
  } catch {
    // Offline or a server error: keep what was shown rather than signing the header out.
    if (seq === requestSeq) setState({ ...state, isPending: false });
  }
}

/** The account a sign-in or sign-up answer names (better-auth's `user` in it). */
export type SignedInUser = { email: string; name?: string | null };

/**
 * Signed in (or registered with a session) just now: the header shows the account from the answer itself at once, then
 * reads the session as usual for the rest. Waiting for that read alone left the header signed out while it was slow
 * (a busy machine, a slow network), and the first click on the user icon opened the login dialog again. Until the
 * read lands the menu has no Admin entry: that right is only ever the server's word. A read started earlier (the
 * page's own, which found no one) cannot overwrite this: the newer read wins.
 */
export function showSignedIn(account: SignedInUser): void {
  setState({ data: { user: { email: account.email }, profile: { fullName: account.name?.trim() || null, isAdmin: false } }, isPending: false });
  void refreshSession();
}

function start() {
  if (started || typeof window === "undefined") return;
  started = true;
  void refreshSession();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - lastRequest >= FOCUS_REFETCH_MS) void refreshSession();
  });
  window.addEventListener("online", () => void refreshSession());
  window.addEventListener("storage", (event) => {
    if (event.key === BROADCAST_KEY) void refreshSession();
  });
}

/** Ends the session on the server (better-auth deletes the row) and tells the other tabs, as the client does. */
export async function signOut(): Promise<{ error: { message?: string } | null }> {
  const response = await fetch("/api/auth/sign-out", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return { error: { message: body?.message } };
  }
  requestSeq++;
  setState({ data: null, isPending: false });
  try {
    const message = { event: "session", data: { trigger: "signout" }, clientId: Math.random().toString(36).slice(2, 9) };
    window.localStorage.setItem(BROADCAST_KEY, JSON.stringify({ ...message, timestamp: Math.floor(Date.now() / 1000) }));
  } catch {
    // No storage: other tabs notice on their next focus.
  }
  return { error: null };
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}
