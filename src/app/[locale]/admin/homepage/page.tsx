import { HomepageEditor } from "@/features/content/components/homepage-editor";
import { openAdminPage, type AdminPageProps } from "@/features/admin/page-gate";
import { loadHomepageForAdmin } from "@/features/content/admin-service";
import { TestimonialsEditor } from "@/features/testimonials/components/testimonials-editor";
import { listTestimonialsForAdmin } from "@/features/testimonials/service";
import { getDb } from "@/server/db/client";

export default async function AdminHomepagePage({ params }: AdminPageProps) {
  await openAdminPage(params, "/admin/homepage");
  const db = await getDb();
  const [content, testimonials] = await Promise.all([loadHomepageForAdmin(db), listTestimonialsForAdmin(db)]);
  return (
    <div className="space-y-6">
      <HomepageEditor content={content} />
      {/* docs/product.md#testimonials: the home page's testimonials, owned by their own domain. */}
      <TestimonialsEditor items={testimonials.map(({ id, locale, name, role, content, rating, isDemo }) => ({ id, locale, name, role, content, rating, isDemo }))} />
    </div>
  );
}
