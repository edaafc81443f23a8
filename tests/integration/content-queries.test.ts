import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { footerContent, homepageContent, pages } from "@/server/db/schema/content";
import { findPageBySlug, loadFooterSections, loadHomepageSections, localizeLinks } from "@/features/content/service";
import { localizePage } from "@/features/content/page-content";

describeOnEachDatabase("content reads", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.db.insert(pages).values([
      {
        slug: "about",
        slugEs: "about",
        titleEn: "About Us",
        titleEs: "Sobre nosotros",
        contentEn: '<h2>Our story</h2><p>Made <strong>by hand</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
        contentEs: "<p>Hecho <strong>a mano</strong>.</p>",
      },
      { slug: "contact", slugEs: "contact", titleEn: "Contact", titleEs: "", contentEn: "<p>Write to us.</p>", contentEs: "<p><br></p>" },
      {
        slug: "blog",
        slugEs: "blog",
        titleEn: "Blog",
        titleEs: "Blog",
        contentEn: JSON.stringify([
          { type: "paragraph", children: [{ text: "First " }, { text: "<post>" }] },
          { type: "image", url: "https://example.com/a.png" },
          { type: "paragraph", children: [{ text: "Second post" }] },
        ]),
        contentEs: "",
      },
    ]);
    await t.db.insert(footerContent).values([
      {
        section: "customer_service",
        links: [
          { url: "/contact", label_en: "Contact Us", label_es: "Contáctanos" },
          { url: "/faq", label_en: "FAQ", label_es: "" },
          { url: 42, label_en: "broken" } as never,
        ],
      },
      { section: "categories", links: [{ url: "/category/watches", label_en: "Watches", label_es: "Relojes" }] },
    ]);
    await t.db.insert(homepageContent).values({
      section: "hero",
      content: { title_en: "Carry it well", title_es: "Llévalo bien", subtitle_en: "Bags", subtitle_es: "Bolsos" },
    });
  });
  afterAll(() => t?.close());

  it("loads a page by slug and gives null for a page that is not there", async () => {
    expect((await findPageBySlug(t.db, "about"))?.titleEn).toBe("About Us");
    expect(await findPageBySlug(t.db, "nope")).toBeNull();
  });

  it("shows the page in the shopper's language, sanitized", async () => {
    const about = (await findPageBySlug(t.db, "about"))!;
    const en = localizePage(about, "en");
    expect(en.title).toBe("About Us");
    expect(en.html).toContain("<strong>by hand</strong>");
    expect(en.html).not.toContain("<script");
    expect(en.html).not.toContain("onerror");
    expect(localizePage(about, "es")).toMatchObject({ title: "Sobre nosotros", html: "<p>Hecho <strong>a mano</strong>.</p>" });
  });

  it("falls back to English when the Spanish title or content is empty", async () => {
    const contact = (await findPageBySlug(t.db, "contact"))!;
    expect(localizePage(contact, "es")).toMatchObject({ title: "Contact", html: "<p>Write to us.</p>" });
  });

  it("renders the block shape: only paragraphs, runs joined, text escaped", async () => {
    const blog = (await findPageBySlug(t.db, "blog"))!;
    expect(localizePage(blog, "es").html).toBe("<p>First &lt;post&gt;</p><p>Second post</p>");
  });

  it("reads footer links per section, drops malformed ones and localizes labels", async () => {
    const footer = await loadFooterSections(t.db);
    expect(footer.customer_service).toHaveLength(2);
    expect(localizeLinks(footer.customer_service, "es")).toEqual([
      { url: "/contact", label: "Contáctanos" },
      { url: "/faq", label: "FAQ" },
    ]);
    expect(localizeLinks(footer.categories, "en")).toEqual([{ url: "/category/watches", label: "Watches" }]);
  });

  it("reads homepage sections by name", async () => {
    const home = await loadHomepageSections(t.db);
    expect(home.hero?.title_es).toBe("Llévalo bien");
    expect(home.featured_products).toBeUndefined();
  });
});
