"use client";

import { useTranslations } from "@/i18n/client";
import { ProductLoadFailure } from "@/features/catalog/components/product-load-failure";

/**
 * docs/product.md#product-page: a failed read (the database is down) is thrown by the page so the answer is a 5xx,
 * and shown here. The server's own message never reaches the browser (it may reveal SQL); the page says what failed.
 */
export default function ProductError() {
  const t = useTranslations("store.product");
  return <ProductLoadFailure text={t("error", { message: t("errorFallback") })} back={t("goBack")} />;
}
