import { Button } from "@/components/ui/button";
import { Link } from "@/i18n/navigation";

/** The home hero (docs/product.md#home): title and subtitle (from homepage_content, with fallbacks), Shop Now and Learn More. */
export function Hero({
  title,
  subtitle,
  shopNow,
  learnMore,
  learnMoreContext,
}: {
  title: string;
  subtitle: string;
  shopNow: string;
  learnMore: string;
  /** Read after "Learn More" by screen readers (and link-text checks): what the link is about. */
  learnMoreContext: string;
}) {
  return (
    <section className="bg-gradient-to-br from-secondary via-background to-muted" data-testid="hero">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-20 text-center md:py-28">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight md:text-6xl">{title}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground md:text-xl">{subtitle}</p>
        <div className="flex flex-wrap justify-center gap-4">
          <Button asChild size="lg">
            <Link href="/store">{shopNow}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/about">
              {learnMore}
              <span className="sr-only"> {learnMoreContext}</span>
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
