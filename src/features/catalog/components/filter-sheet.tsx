"use client";

import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from "react";
import { PlainButton } from "@/components/ui/button-base";
import { SlidersIcon } from "@/components/ui/icons";
import { FilterPlace } from "./filter-form-shell";
import type { FilterSheetPanel as Panel } from "./filter-sheet-panel";

type PanelProps = ComponentProps<typeof Panel>;
const loadPanel = () => import("./filter-sheet-panel");
// Code that cannot be fetched (offline) shows no sheet rather than taking the page down; the listing's links still work.
const FilterSheetPanel = lazy(() =>
  loadPanel().then(
    (m): { default: ComponentType<PanelProps> } => ({ default: m.FilterSheetPanel }),
    (): { default: ComponentType<PanelProps> } => ({ default: () => null }),
  ),
);
// A failed preload is not an error: the press loads the code again.
const preloadPanel = () => void loadPanel().catch(() => {});

const SIDEBAR = { place: "sidebar" } as const;

type Props = {
  heading: string;
  /** The phone button's text ("Filters (2)"). */
  label: string;
  closeLabel: string;
  /** The filter form, rendered once: in the sidebar, or in the sheet while the sheet is open. */
  form: React.ReactNode;
  /** The result count, beside the phone button. */
  status: React.ReactNode;
  children: React.ReactNode;
};

/**
 * A listing's filters (docs/product.md#filters-and-sort): a sidebar on wide screens; on phones a side sheet (focus
 * trapped, Escape closes, focus returns to the button). Changes in the sheet apply at once behind it, the sheet stays
 * open, and its "Show N results" button closes it on them (filter-form-shell.tsx). The form is one piece of the page's payload, shown in one
 * place at a time, so its ids stay unique and it is not sent twice (HTML weight). The sheet's code
 * (filter-sheet-panel.tsx) is fetched on the first approach to the button, and stays mounted after it.
 */
export function FilterLayout({ heading, label, closeLabel, form, status, children }: Props) {
  const [open, setOpen] = useState(false);
  // True from the first press: the sheet's code is then fetched, and the sheet stays mounted for its closing.
  const [wanted, setWanted] = useState(false);
  return (
    <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
      <aside className="hidden lg:block" aria-labelledby="filters-heading">
        <h2 id="filters-heading" className="mb-4 text-lg font-semibold">
          {heading}
        </h2>
        {open ? null : <FilterPlace.Provider value={SIDEBAR}>{form}</FilterPlace.Provider>}
      </aside>
      <div>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          {status}
          <PlainButton
            variant="outline"
            className="lg:hidden"
            data-testid="filter-sheet-open"
            aria-haspopup="dialog"
            aria-expanded={open}
            onPointerEnter={preloadPanel}
            onFocus={preloadPanel}
            onClick={() => {
              setWanted(true);
              setOpen(true);
            }}
          >
            <SlidersIcon className="size-4" aria-hidden />
            {label}
          </PlainButton>
          {wanted ? (
            <Suspense fallback={null}>
              <FilterSheetPanel open={open} onClose={() => setOpen(false)} heading={heading} closeLabel={closeLabel}>
                {open ? <FilterPlace.Provider value={{ place: "sheet", close: () => setOpen(false) }}>{form}</FilterPlace.Provider> : null}
              </FilterSheetPanel>
            </Suspense>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  );
}
