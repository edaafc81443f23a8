"use client";

import { Dialog as SheetPrimitive } from "radix-ui";
import { CloseIcon } from "./icons";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { useReturnFocus } from "./return-focus";

/** A side panel built on Radix Dialog: focus is trapped while open and returned to the opener on close. */
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

export function SheetOverlay({ className, ...props }: ComponentProps<typeof SheetPrimitive.Overlay>) {
  return (
    <SheetPrimitive.Overlay
      data-testid="sheet-overlay"
      className={cn("fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-[vitrina-fade-in_200ms_ease-out]", className)}
      {...props}
    />
  );
}

const sideClasses = {
  right: "inset-y-0 right-0 h-full w-full max-w-md border-l data-[state=open]:animate-[vitrina-slide-in-right_250ms_ease-out]",
  left: "inset-y-0 left-0 h-full w-full max-w-md border-r data-[state=open]:animate-[vitrina-slide-in-left_250ms_ease-out]",
} as const;

export function SheetContent({
  className,
  children,
  side = "right",
  closeLabel,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { side?: keyof typeof sideClasses; closeLabel: string }) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <SheetPrimitive.Portal>
      <SheetOverlay />
      <SheetPrimitive.Content
        className={cn("fixed z-50 flex flex-col gap-4 bg-background p-6 shadow-xl motion-reduce:animate-none", sideClasses[side], className)}
        {...returnFocus}
        {...props}
      >
        {children}
        <SheetPrimitive.Close data-modal-close="" className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <CloseIcon className="size-5" aria-hidden />
          <span className="sr-only">{closeLabel}</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export function SheetFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mt-auto flex flex-col gap-2", className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
