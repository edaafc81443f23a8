import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { auditLog } from "@/server/db/schema/operations";
import { categories } from "@/server/db/schema/catalog";
import { footerContent, homepageContent, pages } from "@/server/db/schema/content";
import { refusal } from "../helpers/domain-refusal";
import { isSafeLinkUrl } from "../../src/lib/safe-link-url";
import { listAuditLog } from "../../src/server/audit";
import { createCategory, deleteCategory, listCategoriesForAdmin, updateCategory } from "../../src/features/catalog/category-admin-service";
import { saveFooterSection, saveHomepageSection } from "../../src/features/content/admin-service";
import { updatePage } from "../../src/features/content/page-admin-service";
import { findPageBySlug, loadFooterSections, loadHomepageSections } from "@/features/content/service";
import { localizePage } from "@/features/content/page-content";
import { slugify } from "@/lib/slug";

const actor = { userId: "usr_admin", email: "admin@example.com" };


describeOnEachDatabase("admin content services", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.insert(pages).values({ id: "page_about", slug: "about", slugEs: "about", titleEn: "About", titleEs: "Acerca de", contentEn: "<p>Old</p>", contentEs: "<p>Viejo</p>" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("creates, updates and deletes a category with the slug rule's slug, recording each change in the audit log", async () => {
    const { db } = database;
    const slug = slugify("  Summer  Bags__2026!! ");
    expect(slug).toBe("summer-bags-2026");
    const created = await createCategory(db, actor, { nameEn: "Summer Bags", nameEs: "Bolsos de verano", slug, descriptionEn: "Light", descriptionEs: "Ligeros" });
    expect((await listCategoriesForAdmin(db)).map((c) => c.slug)).toContain("summer-bags-2026");

    await updateCategory(db, actor, created.id, { nameEn: "Summer Totes", nameEs: "Totes de verano", slug: "summer-totes" });
    const [row] = await db.select().from(categories).where(eq(categories.id, created.id));
    expect(row).toMatchObject({ nameEn: "Summer Totes", nameEs: "Totes de verano", slug: "summer-totes", descriptionEn: null });

    await deleteCategory(db, actor, created.id);
    expect(await db.select().from(categories).where(eq(categories.id, created.id))).toHaveLength(0);

    const log = await listAuditLog(db);
    const forCategory = log.rows.filter((r) => r.entityId === created.id);
    // Newest first: delete, update, create; each names the admin.
    expect(forCategory.map((r) => r.action)).toEqual(["delete", "update", "create"]);
    expect(forCategory.every((r) => r.actorEmail === "admin@example.com")).toBe(true);
    expect(forCategory[1].before).toMatchObject({ slug: "summer-bags-2026" });
    expect(forCategory[1].after).toMatchObject({ slug: "summer-totes" });
  });

  it("refuses a duplicate slug with a clear code and writes nothing", async () => {
    const { db } = database;
    const first = await createCategory(db, actor, { nameEn: "Watches", slug: "watches-x" });
    const other = await createCategory(db, actor, { nameEn: "Belts", slug: "belts-x" });
    const auditBefore = (await listAuditLog(db)).total;

    const dup = await refusal(createCategory(db, actor, { nameEn: "More watches", slug: "watches-x" }));
    expect(dup.code).toBe("duplicateSlug");
    expect(dup.params.slug).toBe("watches-x");
    const dupOnEdit = await refusal(updateCategory(db, actor, other.id, { nameEn: "Belts", slug: "watches-x" }));
    expect(dupOnEdit.code).toBe("duplicateSlug");

    expect((await db.select().from(categories).where(eq(categories.slug, "watches-x"))).map((c) => c.id)).toEqual([first.id]);
    expect((await db.select().from(categories).where(eq(categories.id, other.id)))[0].slug).toBe("belts-x");
    expect((await listAuditLog(db)).total).toBe(auditBefore);
  });

  it("requires a name and a slug, and refuses slugs the slug rule cannot produce and unsafe image URLs", async () => {
    const { db } = database;
    expect((await refusal(createCategory(db, actor, { nameEn: "  ", slug: "x" }))).code).toBe("nameRequired");
    expect((await refusal(createCategory(db, actor, { nameEn: "X", slug: "" }))).code).toBe("slugRequired");
    expect((await refusal(createCategory(db, actor, { nameEn: "X", slug: "Has Spaces" }))).code).toBe("slugInvalid");
    expect((await refusal(createCategory(db, actor, { nameEn: "X", slug: "x-img", imageUrl: "javascript:alert(1)" }))).code).toBe("invalidUrl");
    expect(await db.select().from(categories).where(eq(categories.slug, "x-img"))).toHaveLength(0);
  });

  it("saves a homepage section as typed and the storefront read returns it", async () => {
    const { db } = database;
    const content = { title_en: "Autumn arrivals", title_es: "Novedades de otoño", subtitle_en: "Bags & shoes", subtitle_es: "Bolsos y zapatos" };
    await saveHomepageSection(db, actor, { section: "hero", content });
    expect((await loadHomepageSections(db)).hero).toEqual(content);
    await saveHomepageSection(db, actor, { section: "hero", content: { ...content, title_en: "Winter" } });
    expect((await db.select().from(homepageContent)).filter((r) => r.section === "hero")).toHaveLength(1);
    const [latest] = (await listAuditLog(db)).rows;
    expect(latest).toMatchObject({ entity: "homepage", entityId: "hero", before: { title_en: "Autumn arrivals" }, after: { title_en: "Winter" } });
  });

  it("accepts shop paths and http(s) footer URLs, drops empty rows, and refuses javascript:, data: and other schemes", async () => {
    const { db } = database;
    const saved = await saveFooterSection(db, actor, {
      section: "customer_service",
      links: [
        { url: " /contact ", label_en: "Contact", label_es: "Contacto" },
        { url: "https://help.example.com/faq", label_en: "FAQ", label_es: "Preguntas" },
        { url: "", label_en: "", label_es: "" },
      ],
    });
    expect(saved).toEqual([
      { url: "/contact", label_en: "Contact", label_es: "Contacto" },
      { url: "https://help.example.com/faq", label_en: "FAQ", label_es: "Preguntas" },
    ]);
    expect((await loadFooterSections(db)).customer_service).toEqual(saved);

    for (const url of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x", "//evil.example/x", "/\\evil.example", "contact", "ftp://x.example"]) {
      const error = await refusal(saveFooterSection(db, actor, { section: "customer_service", links: [{ url, label_en: "Bad", label_es: "Malo" }] }));
      expect(error.code, url).toBe("invalidUrl");
    }
    const missing = await refusal(saveFooterSection(db, actor, { section: "categories", links: [{ url: "", label_en: "Label only", label_es: "" }] }));
    expect(missing.code).toBe("urlRequired");
    // Refusals changed nothing.
    const [row] = await db.select().from(footerContent).where(eq(footerContent.section, "customer_service"));
    expect(row.links).toEqual(saved);
    expect(isSafeLinkUrl("/store?x=1")).toBe(true);
  });

  it("sanitizes page HTML on save: no script, no event handlers, no javascript: links, embeds only from video hosts; &nbsp; becomes a space", async () => {
    const { db } = database;
    const dirty = [
      "<h1>About&nbsp;us</h1>",
      "<p class=\"ql-align-center\">Hello&nbsp;world<script>alert('x')</script></p>",
      "<img src=\"https://img.example/a.png\" onerror=\"alert(1)\">",
      "<img src=x onerror=alert(1)>",
      "<svg onload=\"alert(1)\"><circle r=\"1\"/></svg>",
      "<a href=\"javascript:alert(1)\">bad link</a>",
      "<a href=\"https://ok.example\" target=\"_blank\">ok</a>",
      "<iframe class=\"ql-video\" src=\"https://www.youtube.com/embed/abc\"></iframe>",
      "<iframe src=\"https://evil.example/embed\"></iframe>",
      "<ol><li data-list=\"bullet\">one</li></ol>",
    ].join("");
    await updatePage(db, actor, "page_about", { titleEn: "About", titleEs: "Acerca de", slugEn: "about", slugEs: "about", status: "published", contentEn: dirty, contentEs: "<p onclick=\"x()\">Hola</p>" });
    const stored = (await findPageBySlug(db, "about"))!;
    expect(stored.contentEn).not.toMatch(/<script|onerror|onload|<svg|javascript:|evil\.example|&nbsp;/i);
    expect(stored.contentEn).toContain("<h1>About us</h1>");
    expect(stored.contentEn).toContain('<p class="ql-align-center">Hello world</p>');
    expect(stored.contentEn).toContain('src="https://www.youtube.com/embed/abc"');
    expect(stored.contentEn).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(stored.contentEn).toContain('<li data-list="bullet">one</li>');
    expect(stored.contentEs).toBe("<p>Hola</p>");
    // The storefront's page render shows the saved text.
    expect(localizePage(stored, "es").html).toBe("<p>Hola</p>");
  });

  it("refuses to save an unknown page", async () => {
    const error = await refusal(updatePage(database.db, actor, "nope", { titleEn: "Nope", slugEn: "nope", contentEn: "<p>x</p>", contentEs: "" }));
    expect(error.code).toBe("pageNotFound");
    expect((await database.db.select().from(auditLog).where(eq(auditLog.entityId, "nope")))).toHaveLength(0);
  });
});
