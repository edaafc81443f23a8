"use client";

import { SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";

type Props = {
  heading: string;
  /** The phone button's text ("Filters (2)"). */
  label: string;
  closeLabel: string;
  /** The listing's state: when it changes (Show results, Clear filters) the sheet closes. */
  stateKey: string;
  /** The filter form, rendered once: in the sidebar, or in the sheet while the sheet is open. */
  form: React.ReactNode;
  /** The result count, beside the phone button. */
  status: React.ReactNode;
  children: React.ReactNode;
};

/**
 * A listing's filters (docs/product.md#filters-and-sort): a sidebar on wide screens; on phones a side sheet (focus
 * trapped, Escape closes, focus returns to the button). The form is one piece of the page's payload, shown in one
 * place at a time, so its ids stay unique and it is not sent twice (issue 19, HTML weight).
 */
export function FilterLayout({ heading, label, closeLabel, stateKey, form, status, children }: Props) {
  const [openFor, setOpenFor] = useState<string | null>(null);
  const open = openFor === stateKey;
  return (
    <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
      <aside className="hidden lg:block" aria-labelledby="filters-heading">
        <h2 id="filters-heading" className="mb-4 text-lg font-semibold">
          {heading}
        </h2>
        {open ? null : form}
      </aside>
      <div>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          {status}
          <Sheet open={open} onOpenChange={(next) => setOpenFor(next ? stateKey : null)}>
            <SheetTrigger asChild>
              <Button variant="outline" className="lg:hidden" data-testid="filter-sheet-open">
                <SlidersHorizontal className="size-4" aria-hidden />
                {label}
              </Button>
            </SheetTrigger>
            <SheetContent side="left" closeLabel={closeLabel} className="overflow-y-auto" aria-describedby={undefined}>
              <SheetHeader>
                <SheetTitle>{heading}</SheetTitle>
              </SheetHeader>
              {open ? form : null}
            </SheetContent>
          </Sheet>
        </div>
        {children}
      </div>
    </div>
  );
}
