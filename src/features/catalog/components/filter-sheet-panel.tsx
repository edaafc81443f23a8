"use client";

import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetHeader, SheetTitle } from "@/components/ui/sheet";

/**
 * The phone's filter sheet (Radix Dialog: focus trapped, Escape closes, focus returns to the button that opened it).
 * Its own chunk, fetched when the button is pointed at, focused or pressed: a listing shows it on phones only, on
 * demand, and Radix's dialog code was a large part of the store page's JavaScript (Lighthouse; decision 0240).
 */
export function FilterSheetPanel({ open, onClose, heading, closeLabel, children }: {
  open: boolean;
  onClose: () => void;
  heading: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <SheetContent side="left" closeLabel={closeLabel} className="overflow-y-auto" aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>{heading}</SheetTitle>
        </SheetHeader>
        {children}
      </SheetContent>
    </Sheet>
  );
}
