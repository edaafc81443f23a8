import { PageSpinner } from "@/features/catalog/components/page-spinner";

export default function Loading() {
  return <PageSpinner />;
}
