import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** docs/product.md#not-found: code, title, text and a 'Go Back Home' button (`home` is the link, localized by the caller). */
export function NotFoundContent({ code, title, message, home }: { code: string; title: string; message: string; home: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="not-found">
      <p className="text-7xl font-bold text-primary">{code}</p>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted-foreground">{message}</p>
      <Button asChild size="lg" className="mt-8">
        {home}
      </Button>
    </section>
  );
}
