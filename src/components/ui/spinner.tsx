import { LoaderCircleIcon } from "./icons";
import { cn } from "@/lib/cn";

/** A spinning indicator; `label` is announced to screen readers (pass it in the page's language). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircleIcon className={cn("size-5 animate-spin motion-reduce:animate-none", className)} aria-hidden />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
