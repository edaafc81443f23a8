import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from "react";
import { joinClasses } from "@/lib/join-classes";

export const BUTTON_BASE =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-[var(--radius)] text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";
export const BUTTON_VARIANTS = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  outline: "border bg-background hover:bg-muted",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  ghost: "hover:bg-muted",
  link: "text-primary underline-offset-4 hover:underline",
};
export const BUTTON_SIZES = {
  default: "h-10 px-4 py-2",
  sm: "h-9 px-3",
  lg: "h-11 px-8",
  icon: "size-10",
};

type ButtonLook = { variant?: keyof typeof BUTTON_VARIANTS | null; size?: keyof typeof BUTTON_SIZES | null };

/**
 * The button's classes: base, variant, size ("default" when not given, none when null), as class-variance-authority
 * built them; written out so cva and clsx stay out of the pages' JavaScript (decision 0240).
 */
export function buttonVariants({ variant, size }: ButtonLook = {}): string {
  return joinClasses(BUTTON_BASE, variant !== null && BUTTON_VARIANTS[variant ?? "default"], size !== null && BUTTON_SIZES[size ?? "default"]);
}

export type ButtonProps = ComponentProps<"button"> & ButtonLook & { asChild?: boolean };

/**
 * shadcn-style button drawn with the given classes; `asChild` renders the styling onto its one child such as a Link
 * (the classes are added to the child's, the child's own props win). Done with cloneElement rather than Radix's Slot,
 * whose code (with its ref composition) came to every page's JavaScript through the client components that use
 * Button.
 */
export function renderButton(classes: string, { asChild = false, type, children, ...props }: Omit<ButtonProps, "className" | "variant" | "size">) {
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, { ...props, ...child.props, className: [classes, child.props.className].filter(Boolean).join(" ") });
  }
  return (
    <button className={classes} type={type ?? "button"} {...props}>
      {children}
    </button>
  );
}

/**
 * The button for the storefront's client components, whose className never overrides a variant's class (cn.test.ts
 * checks each use): the classes are joined, so cn()'s class resolver stays out of the public pages' JavaScript
 * (decision 0240). Elsewhere use Button, which lets a className override the variant's classes.
 */
export function PlainButton({ className, variant, size, ...props }: ButtonProps) {
  return renderButton(joinClasses(buttonVariants({ variant, size }), className), props);
}
