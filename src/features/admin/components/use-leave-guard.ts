"use client";

import { useEffect } from "react";
import { useTranslations } from "@/i18n/client";

/** The editors of the page with unsaved changes; one set of listeners asks once for all of them. */
const unsaved = new Set<symbol>();
let question = "";

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers show the dialog only when returnValue is set.
  event.returnValue = "";
}

function onClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  const to = new URL(link.href, window.location.href);
  if (to.origin !== window.location.origin || (to.pathname === window.location.pathname && to.search === window.location.search)) return;
  if (window.confirm(question)) return;
  // Captured on the document, before the router's own click handler sees it.
  event.preventDefault();
  event.stopPropagation();
}

/**
 * The back and forward buttons, where the browser has the Navigation API: its `navigate` event comes before the step
 * and can cancel it. popstate cannot serve there: the browser calls a window's popstate listeners in the order they
 * were added, capture or not, so the router's (added when the app starts) draws the page stepped back to before an
 * editor's listener runs, and the editor, unmounted, never asks (decision 0393).
 */
function onNavigate(event: NavigateEvent) {
  // A step to another document (a reload, an entry before one) is the browser's own question (beforeunload). The
  // browser lets a page hold a same-document step only once per interaction of the admin (cancelable false after a
  // refused step until the admin interacts again), so an unholdable step is not asked about: it would leave anyway.
  if (event.navigationType !== "traverse" || !event.destination.sameDocument || !event.cancelable) return;
  if (!window.confirm(question)) event.preventDefault();
}

/** The step forward that undoes a refused step back, where there is no Navigation API (popstate only). */
let returning = false;

function onPopState(event: PopStateEvent) {
  if (returning) {
    returning = false;
    event.stopImmediatePropagation();
    return;
  }
  if (window.confirm(question)) return;
  event.stopImmediatePropagation();
  // Forward again to the editor's own history entry, with the router's state as it was. A new entry pushed here
  // would carry the state of the entry stepped back to, and the router would draw that page at the editor's address.
  returning = true;
  window.history.go(1);
}

function listen(on: boolean) {
  const navigation = "navigation" in window ? window.navigation : undefined;
  if (on) {
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    if (navigation) navigation.addEventListener("navigate", onNavigate);
    else window.addEventListener("popstate", onPopState, true);
  } else {
    window.removeEventListener("beforeunload", onBeforeUnload);
    document.removeEventListener("click", onClick, true);
    if (navigation) navigation.removeEventListener("navigate", onNavigate);
    else window.removeEventListener("popstate", onPopState, true);
  }
}

/**
 * Asks before an editor with unsaved changes is left (docs/product.md#editors-that-keep-work): closing or reloading
 * the tab (the browser's own question, in the browser's language), a click on a link of the app, and the back button
 * (our question, in the admin's language). Off while `dirty` is false: nothing changed, or the changes are saved.
 * Several editors on one page (the settings sections) ask one question between them.
 */
export function useLeaveGuard(dirty: boolean) {
  const text = useTranslations("admin.common")("leaveConfirm");
  useEffect(() => {
    if (!dirty) return;
    const editor = Symbol("editor");
    question = text;
    if (unsaved.size === 0) listen(true);
    unsaved.add(editor);
    return () => {
      unsaved.delete(editor);
      if (unsaved.size === 0) listen(false);
    };
  }, [dirty, text]);
}
