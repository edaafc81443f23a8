import { useTranslations } from "next-intl";
import { Spinner } from "@/components/ui/spinner";

/**
 * The loading state of storefront pages (route-level loading.tsx): a centred spinner, announced to screen readers.
 * A full screen tall, so the footer sits below the fold until the page replaces it: streamed pages otherwise paint
 * the spinner, then push the footer down when their content arrives (a layout shift of 0.34 on /store).
 */
export function PageSpinner() {
  const t = useTranslations("store");
  return (
    <div className="flex min-h-screen items-center justify-center" data-testid="page-spinner">
      <Spinner className="size-10 text-muted-foreground" label={t("loading")} />
    </div>
  );
}
