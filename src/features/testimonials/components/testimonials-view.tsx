"use client";

const AVATAR_COLOURS = ["#a0522d", "#1f4e8c", "#6b7a3a"];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? "")
    .join("");
}

const STAR_ID = "testimonial-star";
/** lucide's Star, drawn once per page and reused by every rating (five inline copies per testimonial weighed ~10 kB). */
const STAR_PATH =
  "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z";

/** `count` 16 px stars 4 px apart, as one picture. */
function Stars({ count }: { count: number }) {
  return (
    <svg viewBox={`0 0 ${count * 30 - 6} 24`} height={16} width={(count * 30 - 6) * (16 / 24)} fill="currentColor" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      {Array.from({ length: count }, (_, s) => (
        <use key={s} href={`#${STAR_ID}`} x={s * 30} />
      ))}
    </svg>
  );
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

/** One testimonial as the page draws it; `ratingLabel` ("Rated 4 out of 5") only when the owner gave stars. */
export type TestimonialText = { key: string; name: string; content: string; role: string; rating: number | null; ratingLabel: string | null };

/**
 * The home page's testimonials (docs/product.md#testimonials), drawn from their texts. A client component only for the page's
 * weight: React sends a client component's props (the texts), not its rendered tree (HTML weight); it is
 * rendered to HTML on the server all the same and has no state.
 */
export function TestimonialsView({ title, items }: { title: string; items: TestimonialText[] }) {
  return (
    <section className="bg-muted/60 py-16" aria-labelledby="testimonials-title">
      <svg width={0} height={0} className="absolute" aria-hidden>
        <defs>
          <path id={STAR_ID} d={STAR_PATH} />
        </defs>
      </svg>
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="testimonials-title" className="mb-10 text-center text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {items.map(({ key, name, content, role, rating, ratingLabel }, i) => (
            <li key={key} className="flex flex-col gap-4 rounded-[var(--radius)] border bg-background p-6 shadow-sm" data-testid="testimonial">
              {rating && ratingLabel ? (
                <div className="flex gap-1 text-accent" role="img" aria-label={ratingLabel} data-testid="testimonial-rating">
                  <Stars count={rating} />
                </div>
              ) : null}
              <blockquote className="flex-1 text-muted-foreground">“{content}”</blockquote>
              <div className="flex items-center gap-3">
                <InitialsAvatar name={name} colour={AVATAR_COLOURS[i % AVATAR_COLOURS.length]} />
                <div>
                  <p className="font-semibold">{name}</p>
                  {role ? <p className="text-sm text-muted-foreground">{role}</p> : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
