import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { pages } from "@/server/db/schema/content";
import { footerDetails } from "@/server/db/schema/footer-details";
import { refusal } from "../helpers/domain-refusal";
import { listAuditLog } from "@/server/audit";
import { createPage, deletePage, listPagesForAdmin, movePage, updatePage } from "@/features/content/page-admin-service";
import { createLegalTemplates, legalFactsFrom, refillLegalTemplate, removeDemoContent } from "@/features/content/legal-pages-service";
import { loadFooterDetails, saveFooterDetails } from "@/features/content/footer-details-service";
import { findPageByAddress, findPageBySlug, listPublishedPages } from "@/features/content/service";
import { pagePath } from "@/features/content/page-routes";
import type { ShopSettings } from "@/features/settings/queries";

const actor = { userId: "usr_admin", email: "admin@example.com" };


const settings: ShopSettings = {
  store: { name: "Tienda Sol", email: "hola@tiendasol.example", phone: "", address: "", logoUrl: null, timeZone: "Europe/Madrid" },
  seller: { legalName: "Sol Artesanos S.L.", taxId: "B12345678", address: "Calle Mayor 1, 46001 Valencia" },
  money: { currency: "EUR" },
  checkout: { guestCheckout: true, reservationSeconds: 900, reminders: false, reminderAfterMinutes: 60 },
  returns: { windowDays: 21, shippingRefund: "full_return" },
  stock: { lowStockThreshold: 5 },
  mail: { fromName: "Tienda Sol", fromAddress: "" },
};

describeOnEachDatabase("pages the owner creates, legal templates and footer details", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.db.insert(pages).values([
      { id: "page_about", slug: "about", slugEs: "about", titleEn: "About", titleEs: "Sobre nosotros", contentEn: "<p>Hi</p>", inHeader: true, sortOrder: 1, isDemo: true },
      { id: "page_blog", slug: "blog", slugEs: "blog", titleEn: "Blog", contentEn: "<p>Posts</p>", inHeader: true, sortOrder: 2, isDemo: true },
    ]);
  });
  afterAll(() => t?.close());

  it("creates a page with a slug per language, sanitised, and serves it at either address once published", async () => {
    const created = await createPage(t.db, actor, {
      titleEn: "Our Workshop",
      titleEs: "Nuestro taller",
      slugEn: "our-workshop",
      slugEs: "nuestro-taller",
      contentEn: '<p>Tools</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      contentEs: '<p onclick="x()">Herramientas</p>',
      status: "draft",
      inFooter: true,
    });
    expect(created.contentEn).not.toMatch(/<script|onerror/);
    expect(created.contentEs).toBe("<p>Herramientas</p>");
    // A draft is not public at either address, nor in the header/footer/sitemap list.
    expect(await findPageByAddress(t.db, "our-workshop")).toBeNull();
    expect((await listPublishedPages(t.db)).map((p) => p.slug)).not.toContain("our-workshop");

    await updatePage(t.db, actor, created.id, { titleEn: "Our Workshop", titleEs: "Nuestro taller", slugEn: "our-workshop", slugEs: "nuestro-taller", contentEn: "<p>Tools</p>", status: "published", inFooter: true });
    expect((await findPageByAddress(t.db, "our-workshop"))?.titleEs).toBe("Nuestro taller");
    expect((await findPageByAddress(t.db, "nuestro-taller"))?.slug).toBe("our-workshop");
    const listed = (await listPublishedPages(t.db)).find((p) => p.slug === "our-workshop")!;
    expect(listed).toMatchObject({ inFooter: true, inHeader: false });
    expect(pagePath(listed, "en")).toBe("/page/our-workshop");
    expect(pagePath(listed, "es")).toBe("/page/nuestro-taller");
    // The fixed pages keep their routes and are not served at /page/….
    expect(await findPageByAddress(t.db, "about")).toBeNull();
    expect(pagePath({ slug: "about", slugEs: "about" }, "es")).toBe("/about");

    const audit = (await listAuditLog(t.db)).rows.filter((r) => r.entityId === created.id);
    expect(audit.map((r) => r.action)).toEqual(["update", "create"]);
  });

  it("makes a missing slug from the title and refuses bad, reserved and taken slugs on their field, writing nothing", async () => {
    const made = await createPage(t.db, actor, { titleEn: "  Size Guide!! ", titleEs: "Guía de tallas", slugEn: "", slugEs: "" });
    expect(made).toMatchObject({ slug: "size-guide", slugEs: "guia-de-tallas", status: "draft" });
    const before = (await listAuditLog(t.db)).total;
    const count = (await t.db.select().from(pages)).length;

    const cases: Array<[Parameters<typeof createPage>[2], string, string]> = [
      [{ titleEn: "  ", slugEn: "x" }, "pageTitleRequired", "titleEn"],
      [{ titleEn: "Bad", slugEn: "Bad Slug" }, "pageSlugInvalid", "slugEn"],
      [{ titleEn: "Bad", slugEn: "bad", slugEs: "mala--direccion" }, "pageSlugInvalid", "slugEs"],
      [{ titleEn: "About again", slugEn: "about" }, "pageSlugReserved", "slugEn"],
      [{ titleEn: "Copy", slugEn: "our-workshop" }, "pageSlugTaken", "slugEn"],
      [{ titleEn: "Copy", slugEn: "copy", slugEs: "nuestro-taller" }, "pageSlugTaken", "slugEs"],
      // Kept from the other language's slugs too, so an address names one page in either language.
      [{ titleEn: "Copy", slugEn: "nuestro-taller", slugEs: "copia" }, "pageSlugTaken", "slugEn"],
    ];
    for (const [input, code, field] of cases) {
      const error = await refusal(createPage(t.db, actor, input));
      expect([error.code, error.field]).toEqual([code, field]);
    }
    const renamed = await refusal(updatePage(t.db, actor, made.id, { titleEn: "Size Guide", slugEn: "our-workshop" }));
    expect(renamed.code).toBe("pageSlugTaken");
    expect((await t.db.select().from(pages)).length).toBe(count);
    expect((await listAuditLog(t.db)).total).toBe(before);

    // Renaming to a free slug works; the fixed pages keep theirs whatever is sent.
    await updatePage(t.db, actor, made.id, { titleEn: "Size Guide", titleEs: "Guía de tallas", slugEn: "sizes", slugEs: "tallas" });
    await updatePage(t.db, actor, "page_about", { titleEn: "About Us", slugEn: "hijack", status: "published", inHeader: true });
    expect((await t.db.select().from(pages).where(eq(pages.id, "page_about")))[0]).toMatchObject({ slug: "about", slugEs: "about", titleEn: "About Us" });
  });

  it("keeps one order for header and footer: moving a page swaps it with its neighbour", async () => {
    const order = async () => (await listPagesForAdmin(t.db)).map((p) => p.slug);
    const start = await order();
    expect(start.slice(0, 2)).toEqual(["about", "blog"]);
    const blog = (await listPagesForAdmin(t.db)).find((p) => p.slug === "blog")!;
    await movePage(t.db, actor, { id: blog.id, direction: "up" });
    expect((await order()).slice(0, 2)).toEqual(["blog", "about"]);
    // At the top, "up" changes nothing.
    await movePage(t.db, actor, { id: blog.id, direction: "up" });
    expect((await order()).slice(0, 2)).toEqual(["blog", "about"]);
    await movePage(t.db, actor, { id: blog.id, direction: "down" });
    expect(await order()).toEqual(start);
    const published = (await listPublishedPages(t.db)).map((p) => p.slug);
    expect(published.indexOf("about")).toBeLessThan(published.indexOf("blog"));
  });

  it("deletes an owner's page but not a fixed one", async () => {
    const page = await createPage(t.db, actor, { titleEn: "Temporary", slugEn: "temporary" });
    await deletePage(t.db, actor, page.id);
    expect(await t.db.select().from(pages).where(eq(pages.id, page.id))).toHaveLength(0);
    expect((await refusal(deletePage(t.db, actor, "page_about"))).code).toBe("fixedPageDelete");
    expect(await findPageBySlug(t.db, "about")).not.toBeNull();
  });

  it("drafts the legal templates from the settings, in both languages, marked for review and not public", async () => {
    const facts = legalFactsFrom(settings);
    expect(await createLegalTemplates(t.db, facts)).toBe(6);
    // Once made, asking again makes none.
    expect(await createLegalTemplates(t.db, facts)).toBe(0);
    const templates = (await t.db.select().from(pages)).filter((p) => p.template);
    expect(templates.map((p) => p.template).sort()).toEqual(["legal_notice", "privacy", "returns", "shipping", "terms", "withdrawal"]);
    for (const page of templates) {
      expect(page).toMatchObject({ status: "draft", reviewPending: true, isDemo: false });
      expect(await findPageByAddress(t.db, page.slug)).toBeNull();
      expect(await findPageByAddress(t.db, page.slugEs)).toBeNull();
    }
    const notice = templates.find((p) => p.template === "legal_notice")!;
    for (const text of [notice.contentEn, notice.contentEs]) {
      for (const value of ["Sol Artesanos S.L.", "B12345678", "Calle Mayor 1, 46001 Valencia", "hola@tiendasol.example"]) expect(text).toContain(value);
    }
    const returns = templates.find((p) => p.template === "returns")!;
    expect(returns.contentEn).toContain("21 days");
    expect(returns.contentEs).toContain("21 días");
    const withdrawal = templates.find((p) => p.template === "withdrawal")!;
    expect(withdrawal.contentEn).toContain("Model withdrawal form");
    expect(withdrawal.contentEs).toContain("Modelo de formulario de desistimiento");
    expect(withdrawal.slugEs).toBe("derecho-de-desistimiento");

    // An empty setting leaves a bracketed gap to fill in, never a made-up value.
    await refillLegalTemplate(t.db, actor, notice.id, legalFactsFrom({ ...settings, seller: { legalName: "", taxId: "", address: "" } }));
    const refilled = (await t.db.select().from(pages).where(eq(pages.id, notice.id)))[0];
    expect(refilled.contentEn).toContain("[tax identification number (NIF/CIF)]");
    expect(refilled.contentEs).toContain("[NIF/CIF]");
    expect(refilled.contentEn).not.toContain("B12345678");

    // Publishing is the owner's review: the mark goes and the page is public at its address.
    await updatePage(t.db, actor, returns.id, { titleEn: returns.titleEn, titleEs: returns.titleEs, slugEn: returns.slug, slugEs: returns.slugEs, contentEn: returns.contentEn, contentEs: returns.contentEs, status: "published", inFooter: true });
    expect((await t.db.select().from(pages).where(eq(pages.id, returns.id)))[0].reviewPending).toBe(false);
    expect((await findPageByAddress(t.db, "politica-de-devoluciones"))?.slug).toBe("returns-policy");
  });

  it("saves the footer's location and social links; an empty address removes its link and a bad one is refused on its field", async () => {
    expect(await loadFooterDetails(t.db)).toEqual({ locationEn: "", locationEs: "", socialLinks: [] });
    await saveFooterDetails(t.db, actor, { locationEn: "Valencia, Spain", locationEs: "Valencia, España", social: { facebook: "https://facebook.com/sol", instagram: "https://instagram.com/sol" } });
    expect((await loadFooterDetails(t.db)).socialLinks.map((l) => l.network)).toEqual(["facebook", "instagram"]);
    const bad = await refusal(saveFooterDetails(t.db, actor, { social: { twitter: "javascript:alert(1)" } }));
    expect([bad.code, bad.field]).toEqual(["socialUrlInvalid", "twitter"]);
    expect((await loadFooterDetails(t.db)).locationEn).toBe("Valencia, Spain");
    await saveFooterDetails(t.db, actor, { locationEn: "Valencia, Spain", social: { instagram: "https://instagram.com/sol" } });
    expect(await loadFooterDetails(t.db)).toMatchObject({ locationEs: "", socialLinks: [{ network: "instagram", url: "https://instagram.com/sol" }] });
  });

  it("removeDemoContent clears the demo's texts (a fixed page stays, empty; others go) and footer details, and keeps the legal templates and the owner's pages", async () => {
    await t.db.insert(footerDetails).values({ id: "footer", isDemo: true }).onConflictDoUpdate({ target: footerDetails.id, set: { isDemo: true } });
    const removed = await t.db.transaction((tx) => removeDemoContent(tx));
    // page_about was edited by the owner above, so it is theirs now; the untouched demo blog keeps its address as an
    // empty draft, no longer demo.
    expect(removed.pages).toBe(1);
    const all = await t.db.select().from(pages);
    expect(all.find((p) => p.slug === "blog")).toMatchObject({ status: "draft", contentEn: "", contentEs: "", isDemo: false, inHeader: false });
    const slugs = all.map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(["about", "our-workshop", "privacy-policy", "terms-of-sale", "legal-notice", "right-of-withdrawal", "shipping-policy", "returns-policy"]));
    expect(await t.db.select().from(footerDetails)).toHaveLength(0);
  });
});
