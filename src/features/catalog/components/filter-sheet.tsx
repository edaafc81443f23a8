"use client";

import { SlidersHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";

/** On phones the filters open in a side sheet (focus trapped, Escape closes, focus returns to the button). */
export function FilterSheet({ label, title, closeLabel, children }: { label: string; title: string; closeLabel: string; children: React.ReactNode }) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" className="lg:hidden" data-testid="filter-sheet-open">
          <SlidersHorizontal className="size-4" aria-hidden />
          {label}
        </Button>
      </SheetTrigger>
      <SheetContent side="left" closeLabel={closeLabel} className="overflow-y-auto" aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
        </SheetHeader>
        {children}
      </SheetContent>
    </Sheet>
  );
}
