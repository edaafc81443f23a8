"use client";

import { BadgePercent, ClipboardList, Clock, Users, CreditCard, Webhook, ExternalLink, FileSpreadsheet, FileText, FolderTree, Home, Landmark, LayoutDashboard, Mail, Package, PanelBottom, Palette, Truck, Newspaper, ScrollText, Settings, ShieldCheck, Undo2, UserCog } from "lucide-react";
import { useTranslations } from "@/i18n/client";
import { Link, usePathname } from "@/i18n/navigation";
import { cn } from "@/lib/cn";

/** `staff`: also shown to staff (docs/product.md#staff-role); the pages check the right themselves. */
const items = [
  { href: "/admin", key: "dashboard", Icon: LayoutDashboard, staff: false },
  { href: "/admin/homepage", key: "homepage", Icon: Home, staff: false },
  { href: "/admin/orders", key: "orders", Icon: ClipboardList, staff: true },
  { href: "/admin/orders/unpaid", key: "unpaid", Icon: Clock, staff: true },
  { href: "/admin/customers", key: "customers", Icon: Users, staff: true },
  { href: "/admin/returns", key: "returns", Icon: Undo2, staff: true },
  { href: "/admin/products", key: "products", Icon: Package, staff: true },
  { href: "/admin/catalog-csv", key: "catalogCsv", Icon: FileSpreadsheet, staff: false },
  { href: "/admin/categories", key: "categories", Icon: FolderTree, staff: false },
  { href: "/admin/option-types", key: "optionTypes", Icon: Palette, staff: false },
  { href: "/admin/promotions", key: "promotions", Icon: BadgePercent, staff: false },
  { href: "/admin/taxes", key: "taxes", Icon: Landmark, staff: false },
  { href: "/admin/payments", key: "payments", Icon: CreditCard, staff: false },
  { href: "/admin/shipping", key: "shipping", Icon: Truck, staff: false },
  { href: "/admin/pages", key: "pages", Icon: FileText, staff: false },
  { href: "/admin/footer", key: "footer", Icon: PanelBottom, staff: false },
  { href: "/admin/mail", key: "mail", Icon: Mail, staff: false },
  { href: "/admin/webhooks", key: "webhooks", Icon: Webhook, staff: false },
  { href: "/admin/newsletter", key: "newsletter", Icon: Newspaper, staff: false },
  { href: "/admin/privacy", key: "privacy", Icon: ShieldCheck, staff: false },
  { href: "/admin/roles", key: "roles", Icon: UserCog, staff: false },
  { href: "/admin/audit", key: "audit", Icon: ScrollText, staff: false },
  { href: "/admin/settings", key: "settings", Icon: Settings, staff: false },
] as const;

type Props = {
  dropshippingUrl: string;
  isAdmin: boolean;
  /** Called when a link is followed: the phone's menu closes on it (admin-menu.tsx). */
  onNavigate?: () => void;
  /** The phone's menu names itself in its dialog title, so there the list has no title of its own. */
  titled?: boolean;
  testId?: string;
};

/** The admin side menu: the pages the user may open plus the external dropshipping supplier (new tab). */
export function AdminNav({ dropshippingUrl, isAdmin, onNavigate, titled = true, testId = "admin-nav" }: Props) {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  // The deepest entry that holds the page is the current one (/admin/orders/unpaid is not /admin/orders).
  const holds = (href: string) => (href === "/admin" ? pathname === "/admin" || pathname === "/admin/dashboard" : pathname === href || pathname.startsWith(`${href}/`));
  const current = items.filter((item) => holds(item.href)).sort((a, b) => b.href.length - a.href.length)[0]?.href;
  const isActive = (href: string) => href === current;
  return (
    <nav aria-label={t("menu")} className="flex flex-col gap-1" data-testid={testId}>
      {titled ? <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("title")}</p> : null}
      {items.filter((item) => isAdmin || item.staff).map(({ href, key, Icon }) => (
        <Link
          key={key}
          href={href}
          aria-current={isActive(href) ? "page" : undefined}
          onClick={onNavigate}
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
        onClick={onNavigate}
        className="mt-2 flex items-center gap-2 rounded-[var(--radius)] px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted"
      >
        <ExternalLink className="size-4" aria-hidden />
        {t("dropshipping")}
        <span className="sr-only">{t("opensInNewTab")}</span>
      </a>
    </nav>
  );
}
