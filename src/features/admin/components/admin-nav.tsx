"use client";

import { ClipboardList, ExternalLink, FileText, FolderTree, Home, LayoutDashboard, Package, PanelBottom, ScrollText, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Link, usePathname } from "@/i18n/navigation";
import { cn } from "@/lib/cn";

const items = [
  { href: "/admin", key: "dashboard", Icon: LayoutDashboard },
  { href: "/admin/homepage", key: "homepage", Icon: Home },
  { href: "/admin/orders", key: "orders", Icon: ClipboardList },
  { href: "/admin/returns", key: "returns", Icon: Undo2 },
  { href: "/admin/products", key: "products", Icon: Package },
  { href: "/admin/categories", key: "categories", Icon: FolderTree },
  { href: "/admin/pages", key: "pages", Icon: FileText },
  { href: "/admin/footer", key: "footer", Icon: PanelBottom },
  { href: "/admin/audit", key: "audit", Icon: ScrollText },
] as const;

/** The admin side menu: every admin page plus the external dropshipping supplier (new tab). */
export function AdminNav({ dropshippingUrl }: { dropshippingUrl: string }) {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  const isActive = (href: string) =>
    href === "/admin" ? pathname === "/admin" || pathname === "/admin/dashboard" : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <nav aria-label={t("menu")} className="flex flex-col gap-1" data-testid="admin-nav">
      <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("title")}</p>
      {items.map(({ href, key, Icon }) => (
        <Link
          key={key}
          href={href}
          aria-current={isActive(href) ? "page" : undefined}
          className={cn(
            "flex items-center gap-2 rounded-[var(--radius)] px-3 py-2 text-sm font-medium hover:bg-muted",
            isActive(href) && "bg-muted text-foreground",
          )}
        >
          <Icon className="size-4" aria-hidden />
          {t(key)}
        </Link>
      ))}
      <a
        href={dropshippingUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 flex items-center gap-2 rounded-[var(--radius)] px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted"
      >
        <ExternalLink className="size-4" aria-hidden />
        {t("dropshipping")}
        <span className="sr-only">{t("opensInNewTab")}</span>
      </a>
    </nav>
  );
}
