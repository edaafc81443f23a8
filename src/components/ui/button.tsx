import { cn } from "@/lib/cn";
import { buttonVariants, renderButton, type ButtonProps } from "./button-base";

export { buttonVariants, type ButtonProps };

/** shadcn-style button (see renderButton); a className overrides the variant's classes of the same kind. */
export function Button({ className, variant, size, ...props }: ButtonProps) {
  return renderButton(cn(buttonVariants({ variant, size }), className), props);
}
