import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/*
 * shadcn's Table, in the back-office's look: muted left-aligned header cells, a rule under each row, cells spaced by
 * a right padding (none on a row's last cell). Rows keep the browser's vertical alignment, so a list whose cells run
 * over several lines sets `align-top` on its rows.
 */

/**
 * The table inside a box of its own that scrolls sideways: a wide list scrolls within that box on a 390 px phone
 * instead of widening the page. Props (data-testid included) go to the <table>.
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader(props: ComponentProps<"thead">) {
  return <thead {...props} />;
}

export function TableBody(props: ComponentProps<"tbody">) {
  return <tbody {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b", className)} {...props} />;
}

/** Header labels stay on one line: a column is never narrower than its name. */
export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return <th className={cn("whitespace-nowrap py-2 pr-4 text-left font-medium text-muted-foreground last:pr-0", className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("py-2 pr-4 last:pr-0", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}
