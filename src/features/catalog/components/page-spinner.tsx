import { useTranslations } from "next-intl";
import { Spinner } from "@/components/ui/spinner";

/** The loading state of storefront pages (route-level loading.tsx): a centred spinner, announced to screen readers. */
export function PageSpinner() {
  const t = useTranslations("store");
  return (
    <div className="flex min-h-[50vh] items-center justify-center" data-testid="page-spinner">
      <Spinner className="size-10 text-muted-foreground" label={t("loading")} />
    </div>
  );
}
