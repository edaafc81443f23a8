import { Link } from "@/i18n/navigation";

export type FilterLink = { key: string; href: string; text: string; current: boolean };

/** The row of filter links above a back-office list (all, then one per status…); the current one is marked. */
export function StatusFilter({ label, links }: { label: string; links: FilterLink[] }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2 text-sm">
      {links.map((link) => (
        <Link key={link.key} href={link.href} aria-current={link.current ? "page" : undefined} className="rounded-full border px-3 py-1 hover:bg-muted aria-[current=page]:bg-muted">
          {link.text}
        </Link>
      ))}
    </nav>
  );
}
