"use client";

import { useLayoutEffect, useRef } from "react";
import { usePathname } from "next/navigation";

/** The element whose content fades in: the layout's <main> (src/app/[locale]/layout.tsx). */
const PAGE_CONTENT_ID = "main-content";

/**
 * Fades the page content in when the visitor moves to another page (docs/product.md#animations). The layout's <main>
 * stays mounted across navigations, so a class in its markup would animate once, on the first load only — the one
 * moment a fade hides content the visitor is waiting for (a first paint at opacity 0 also leaves the page without
 * its largest content until a later repaint). So the first load shows the content at once, and each later path
 * starts the animation again before the new page is painted. Reduced motion: layout.css turns the animation off.
 */
export function PageFade() {
  const pathname = usePathname();
  const firstPath = useRef(true);
  useLayoutEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    const main = document.getElementById(PAGE_CONTENT_ID);
    if (!main) return;
    main.classList.remove("page-fade-in");
    void main.offsetWidth; // a style flush in between, or the browser would not start the animation again
    main.classList.add("page-fade-in");
  }, [pathname]);
  return null;
}
