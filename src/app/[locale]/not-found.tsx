import { getTranslations } from "next-intl/server";
import { NotFoundContent } from "@/components/shell/not-found-content";
import { Link } from "@/i18n/navigation";

/** docs/product.md#not-found, in the language of the URL (the locale comes from the request, set by the proxy). */
export default async function LocaleNotFound() {
  const t = await getTranslations("errors.notFound");
  return <NotFoundContent code={t("code")} title={t("title")} message={t("message")} home={<Link href="/">{t("home")}</Link>} />;
}
