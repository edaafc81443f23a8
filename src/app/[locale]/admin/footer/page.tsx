import { FooterEditor } from "@/features/content/components/footer-editor";
import { FooterDetailsForm } from "@/features/content/components/footer-details-form";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { loadFooterForAdmin } from "@/features/content/admin-service";
import { loadFooterDetails } from "@/features/content/footer-details-service";
import { getDb } from "@/server/db/client";

export default async function AdminFooterPage({ params }: AdminPageProps) {
  await openAdminPage(params, "/admin/footer");
  const db = await getDb();
  const [sections, details] = await Promise.all([loadFooterForAdmin(db), loadFooterDetails(db)]);
  const social = { facebook: "", instagram: "", twitter: "" };
  for (const link of details.socialLinks) social[link.network] = link.url;
  return (
    <FooterEditor sections={sections}>
      <FooterDetailsForm initial={{ locationEn: details.locationEn, locationEs: details.locationEs, social }} />
    </FooterEditor>
  );
}
