import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findSourceFiles, projectRoot } from "../../../tests/helpers/source-files";

describe("icons on public pages", () => {
  it("lucide-react is drawn only by admin and private pages and by the overlays loaded on first use", () => {
    // lucide-react's Icon is a client module: one icon in any component of a page, server components included,
    // sends lucide's icon base with the page's JavaScript (decision 0240). The storefront draws ./icons.tsx.
    const importers = findSourceFiles(path.join(projectRoot, "src"), (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => /from "lucide-react"/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(projectRoot, file))
      .sort();
    expect(importers).toEqual([
      "src/app/[locale]/admin/orders/page.tsx",
      "src/app/[locale]/admin/pages/page.tsx",
      "src/app/[locale]/admin/products/page.tsx",
      "src/components/shell/signed-in-menu.tsx", // with the user menu, once a session is known
      "src/features/accounts/components/password-input.tsx", // the sign-in dialog, profile
      "src/features/admin/components/admin-menu.tsx", // the phone's menu button
      "src/features/admin/components/admin-nav.tsx",
      "src/features/catalog-csv/components/catalog-csv-panel.tsx",
      "src/features/catalog/components/categories-manager.tsx",
      "src/features/catalog/components/editor-parts.tsx",
      "src/features/catalog/components/product-admin-table.tsx",
      "src/features/catalog/components/product-editor.tsx",
      "src/features/catalog/components/product-images-card.tsx",
      "src/features/catalog/components/product-info-blocks-card.tsx",
      "src/features/catalog/components/product-options-fields.tsx",
      "src/features/catalog/components/product-variants-card.tsx",
      "src/features/checkout/components/cart-drawer.tsx",
      "src/features/content/components/footer-editor.tsx",
      "src/features/content/components/page-row-actions.tsx", // the admin pages list
      "src/features/dashboard/components/dashboard-view.tsx",
      "src/features/invoices/components/invoice-links.tsx", // a guest's order pages, profile
      "src/features/orders/components/admin-order-detail.tsx",
      "src/features/orders/components/keep-order-address.tsx",
      "src/features/orders/components/success-view.tsx",
      "src/features/stock-alerts/components/stock-alert-form.tsx", // loaded only under a sold-out variant
    ]);
  });

  it("server-icons.tsx is imported by server components only", () => {
    // Its drawings are kept out of the client chunk that carries ./icons.tsx (decision 0240).
    const clientImporters = findSourceFiles(path.join(projectRoot, "src"), (file) => /\.tsx?$/.test(file))
      .map((file) => readFileSync(file, "utf8"))
      .filter((text) => /^["']use client["']/m.test(text) && /from "@\/components\/ui\/server-icons"/.test(text));
    expect(clientImporters).toEqual([]);
  });
});
