import { jsonLdString } from "@/features/catalog/seo";

/** A JSON-LD block; jsonLdString escapes `<` so catalogue text cannot close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(data) }} />;
}
