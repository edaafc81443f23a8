import { PlainButton } from "@/components/ui/button-base";
import { Link } from "@/i18n/navigation";

/** The product page's error state (unknown product or failed read): the cause and a way back to the store. */
export function ProductLoadFailure({ text, back }: { text: string; back: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center" data-testid="product-error">
      <p role="alert" className="text-lg text-destructive">
        {text}
      </p>
      <PlainButton asChild className="mt-6" variant="outline">
        <Link href="/store">{back}</Link>
      </PlainButton>
    </section>
  );
}
