import { cn } from "@/lib/cn";

/** Error and empty texts of a product listing (docs/product.md#store, docs/product.md#errors). */
export function ListingMessage({ children, tone = "muted", testId }: { children: React.ReactNode; tone?: "muted" | "error"; testId?: string }) {
  return (
    <p role={tone === "error" ? "alert" : undefined} className={cn("py-16 text-center text-lg", tone === "error" ? "text-destructive" : "text-muted-foreground")} data-testid={testId}>
      {children}
    </p>
  );
}
