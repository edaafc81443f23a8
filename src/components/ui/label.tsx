"use client";

import type { ComponentProps, MouseEvent } from "react";
import { cn } from "@/lib/cn";

/**
 * A form label. A native <label> with what Radix's Label added (its code came to the product page for one label,
 * a double click on the label's own text selects nothing, while clicks on a control inside it are untouched.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<"label">) {
  function mouseDown(event: MouseEvent<HTMLLabelElement>) {
    if ((event.target as HTMLElement).closest("button, input, select, textarea")) return;
    onMouseDown?.(event);
    if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
  }
  return <label className={cn("text-sm font-medium leading-none peer-disabled:opacity-70", className)} onMouseDown={mouseDown} {...props} />;
}
