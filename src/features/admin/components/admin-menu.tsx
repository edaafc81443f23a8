"use client";

import { Menu } from "lucide-react";
import { useState } from "react";
import { PlainButton } from "@/components/ui/button-base";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { useTranslations } from "@/i18n/client";
import { usePathname } from "@/i18n/navigation";
import { AdminNav } from "./admin-nav";

type Props = { dropshippingUrl: string; isAdmin: boolean };

/**
 * The back-office's menu (docs/product.md#admin-on-phones): a side column from 1024 px up; below, a Menu button that
 * opens it in a side sheet, so a page's heading is on a phone's first screen. The sheet is a dialog: focus is trapped
 * while open, Escape closes it, focus returns to the button, and following a link closes it.
 */
export function AdminMenu(props: Props) {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  // The sheet is open for the page it was opened on: reaching another page (a link, Back) closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return (
    <>
      <aside className="hidden lg:block lg:border-r lg:pr-4">
        <AdminNav {...props} />
      </aside>
      <div className="lg:hidden">
        <Sheet open={open} onOpenChange={(next) => setOpenOn(next ? pathname : null)}>
          <SheetTrigger asChild>
            <PlainButton variant="outline" data-testid="admin-menu-button">
              <Menu className="size-4" aria-hidden />
              {t("menu")}
            </PlainButton>
          </SheetTrigger>
          <SheetContent side="left" closeLabel={t("close")} className="max-w-xs overflow-y-auto" aria-describedby={undefined}>
            <SheetTitle>{t("title")}</SheetTitle>
            <AdminNav {...props} titled={false} testId="admin-nav-menu" onNavigate={() => setOpenOn(null)} />
          </SheetContent>
        </Sheet>
      </div>
    </>
  );
}
