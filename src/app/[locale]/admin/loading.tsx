import { getTranslations } from "next-intl/server";
import { Spinner } from "@/components/ui/spinner";

/** Admin editors show a spinner while their data loads (docs/product.md#loading-states). */
export default async function AdminLoading() {
  const t = await getTranslations("admin.common");
  return (
    <div className="flex min-h-64 items-center justify-center" data-testid="admin-loading">
      <Spinner className="size-8" label={t("loading")} />
    </div>
  );
}
