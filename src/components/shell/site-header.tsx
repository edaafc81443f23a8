"use client";

import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { useTranslations } from "@/i18n/client";
import { useState } from "react";
import { Link } from "@/i18n/navigation";
import { CartButton } from "./cart-button";
import { LanguageSwitch } from "./language-switch";
import { SearchBox } from "./search-box";
import { UserMenu } from "./user-menu";

const shopItems = [
  { href: "/store", key: "store" },
  { href: "/categories", key: "categories" },
] as const;

/**
 * docs/product.md#header: logo, navigation (Store, Categories, then the published pages the owner put in the header,
 * in their order, already in the reader's language), search, language, cart, user; on phones a hamburger toggles the
 * navigation and the search field has a row of its own.
 */
export function SiteHeader({ brand, logoUrl = null, pages }: { brand: string; logoUrl?: string | null; pages: Array<{ url: string; label: string }> }) {
  const t = useTranslations("layout");
  const navItems = [...shopItems.map((item) => ({ href: item.href, label: t(`nav.${item.key}`) })), ...pages.map((p) => ({ href: p.url, label: p.label }))];
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link href="/" className="min-w-0 truncate text-2xl font-bold tracking-tight" aria-label={t("homeLink", { brand })} data-testid="logo">
          {logoUrl ? (
            // The merchant's logo (docs/product.md#settings): a small PNG from the shop's own storage, any aspect.
            // eslint-disable-next-line @next/next/no-img-element -- its size is unknown until it loads; next/image needs one
            <img src={logoUrl} alt={brand} className="h-10 w-auto max-w-[10rem] object-contain" data-testid="store-logo" />
          ) : (
            brand
          )}
        </Link>
        <nav aria-label={t("nav.label")} className="hidden lg:block" data-testid="desktop-nav">
          <ul className="flex items-center gap-6 text-sm font-medium">
            {navItems.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="hover:text-accent">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <SearchBox className="hidden w-56 lg:block" testId="header-search" />
          <LanguageSwitch />
          <CartButton />
          <UserMenu label={t("account")} />
          <button
            type="button"
            className="rounded-full p-2 hover:bg-muted lg:hidden"
            aria-label={menuOpen ? t("menu.close") : t("menu.open")}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
            data-testid="menu-toggle"
          >
            {menuOpen ? <CloseIcon className="size-5" aria-hidden /> : <MenuIcon className="size-5" aria-hidden />}
          </button>
        </div>
      </div>
      {/* On phones the search has its own row under the logo, always there (docs/product.md#header). */}
      <div className="mx-auto max-w-7xl px-4 pb-3 lg:hidden">
        <SearchBox onSearch={close} testId="mobile-search" />
      </div>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t px-4 pb-4 lg:hidden" data-testid="mobile-menu">
          <nav aria-label={t("nav.label")}>
            <ul className="mt-2 flex flex-col">
              {navItems.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} onClick={close} className="block py-2 font-medium hover:text-accent">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
    </header>
  );
}
