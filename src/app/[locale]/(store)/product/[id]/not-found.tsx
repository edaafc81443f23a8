import { getTranslations } from "next-intl/server";
import { ProductLoadFailure } from "@/features/catalog/components/product-load-failure";

/**
 * docs/product.md#product-page: an unknown product id answers 404 with the product page's own error state (not the
 * generic 404 page), in the language of the URL (the locale comes from the request, set by the proxy).
 */
export default async function ProductNotFound() {
  const t = await getTranslations("store.product");
  return <ProductLoadFailure text={t("error", { message: t("notFound") })} back={t("goBack")} />;
}
