"use client";

import { useRef } from "react";

/**
 * Focus goes back to whatever opened a dialog or sheet when it closes. Radix only does that for its own Trigger: the
 * cart drawer and the auth dialog are opened from shared state (header buttons, checkout), so without this focus
 * would fall to <body> on Escape.
 */
export function useReturnFocus(handlers: { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Runs before focus moves into the content: the active element is still the opener.
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
