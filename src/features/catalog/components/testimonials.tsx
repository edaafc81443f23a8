import type { Locale } from "@/i18n/routing";
import { Star } from "lucide-react";
import { getTranslations } from "next-intl/server";

const KEYS = ["one", "two", "three"] as const;
/** Hard-coded, three per language, each rated 5 (docs/product.md#home). */
const RATING = 5;
const AVATAR_COLOURS = ["#a0522d", "#1f4e8c", "#6b7a3a"];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? "")
    .join("");
}

/** An initials avatar drawn in SVG: nothing is downloaded and no stranger's face is used. */
function InitialsAvatar({ name, colour }: { name: string; colour: string }) {
  return (
    <svg viewBox="0 0 48 48" width={48} height={48} role="img" aria-label={name} className="shrink-0" data-testid="testimonial-avatar">
      <circle cx="24" cy="24" r="24" fill={colour} />
      <text x="24" y="24" dy="0.35em" textAnchor="middle" fontSize="18" fontWeight="600" fill="#fff" fontFamily="system-ui, sans-serif">
        {initials(name)}
      </text>
    </svg>
  );
}

export async function Testimonials({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "store.testimonials" });
  return (
    <section className="bg-muted/60 py-16" aria-labelledby="testimonials-title">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="testimonials-title" className="mb-10 text-center text-3xl font-bold tracking-tight">
          {t("title")}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {KEYS.map((key, i) => {
            const name = t(`items.${key}.name`);
            return (
              <li key={key} className="flex flex-col gap-4 rounded-[var(--radius)] border bg-background p-6 shadow-sm" data-testid="testimonial">
                <div className="flex gap-1 text-accent" role="img" aria-label={t("rating", { rating: RATING })}>
                  {Array.from({ length: RATING }, (_, s) => (
                    <Star key={s} className="size-4 fill-current" aria-hidden />
                  ))}
                </div>
                <blockquote className="flex-1 text-muted-foreground">“{t(`items.${key}.content`)}”</blockquote>
                <div className="flex items-center gap-3">
                  <InitialsAvatar name={name} colour={AVATAR_COLOURS[i % AVATAR_COLOURS.length]} />
                  <div>
                    <p className="font-semibold">{name}</p>
                    <p className="text-sm text-muted-foreground">{t(`items.${key}.role`)}</p>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
