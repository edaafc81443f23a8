import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { auditLog } from "@/server/db/schema/operations";
import { testimonials } from "@/server/db/schema/testimonials";
import { DomainError } from "@/lib/domain-error";
import { insertDemoTestimonials } from "@/server/db/seed/testimonial-data";
import { deleteTestimonial, listTestimonials, listTestimonialsForAdmin, removeDemoTestimonials, saveTestimonial } from "@/features/testimonials/service";

const actor = { userId: "usr_admin", email: "admin@example.com" };

describeOnEachDatabase("testimonials", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const auditOf = (id: number) => t.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));

  it("a new shop has none: the home page draws no section", async () => {
    expect(await listTestimonials(t.db, "en")).toEqual([]);
    expect(await listTestimonials(t.db, "es")).toEqual([]);
  });

  it("adds, edits and removes a testimonial per language, each change audit-logged", async () => {
    const created = await saveTestimonial(t.db, actor, { locale: "es", name: "  Marta Soler ", role: "Clienta desde 2023", content: "Me encantó el bolso.", rating: null });
    expect(created).toMatchObject({ locale: "es", name: "Marta Soler", rating: null, isDemo: false });
    expect(await listTestimonials(t.db, "es")).toEqual([{ id: created.id, name: "Marta Soler", role: "Clienta desde 2023", content: "Me encantó el bolso.", rating: null }]);
    expect(await listTestimonials(t.db, "en")).toEqual([]);

    await saveTestimonial(t.db, actor, { id: created.id, locale: "es", name: "Marta Soler", role: "", content: "Me encantó el bolso, de verdad.", rating: 4 });
    expect(await listTestimonials(t.db, "es")).toEqual([{ id: created.id, name: "Marta Soler", role: "", content: "Me encantó el bolso, de verdad.", rating: 4 }]);

    await deleteTestimonial(t.db, actor, { id: created.id });
    expect(await listTestimonials(t.db, "es")).toEqual([]);
    const audit = await auditOf(created.id);
    expect(audit.filter((a) => a.entity === "testimonial").map((a) => a.action)).toEqual(["create", "update", "delete"]);
    expect(audit.find((a) => a.action === "update")?.after).toMatchObject({ rating: 4, content: "Me encantó el bolso, de verdad." });
  });

  it("keeps the owner's order: a new one goes last in its language", async () => {
    const a = await saveTestimonial(t.db, actor, { locale: "en", name: "A", content: "First." });
    const b = await saveTestimonial(t.db, actor, { locale: "en", name: "B", content: "Second." });
    expect((await listTestimonials(t.db, "en")).map((x) => x.id)).toEqual([a.id, b.id]);
    await deleteTestimonial(t.db, actor, { id: a.id });
    await deleteTestimonial(t.db, actor, { id: b.id });
  });

  it("refuses bad input and unknown ids, and changes nothing", async () => {
    const before = await t.db.select().from(testimonials);
    await expect(saveTestimonial(t.db, actor, { locale: "en", name: " ", content: "Text" })).rejects.toThrow();
    await expect(saveTestimonial(t.db, actor, { locale: "en", name: "N", content: "" })).rejects.toThrow();
    await expect(saveTestimonial(t.db, actor, { locale: "en", name: "N", content: "x", rating: 6 })).rejects.toThrow();
    await expect(saveTestimonial(t.db, actor, { locale: "fr" as "en", name: "N", content: "x" })).rejects.toThrow();
    await expect(saveTestimonial(t.db, actor, { locale: "en", name: "N", content: "x".repeat(1001) })).rejects.toThrow();
    const missing = await saveTestimonial(t.db, actor, { id: 999_999, locale: "en", name: "N", content: "x" }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DomainError);
    expect((missing as DomainError).code).toBe("testimonialNotFound");
    await expect(deleteTestimonial(t.db, actor, { id: 999_999 })).rejects.toMatchObject({ code: "testimonialNotFound" });
    expect(await t.db.select().from(testimonials)).toEqual(before);
  });

  it("the demo's are marked demo without stars; removeDemoTestimonials takes them and keeps the owner's", async () => {
    await t.db.transaction((tx) => insertDemoTestimonials(tx));
    const demo = await listTestimonialsForAdmin(t.db);
    expect(demo).toHaveLength(6);
    expect(demo.every((d) => d.isDemo && d.rating === null)).toBe(true);
    expect(await listTestimonials(t.db, "en")).toHaveLength(3);
    // An edited demo testimonial became the owner's; a new one is the owner's from the start.
    const kept = await saveTestimonial(t.db, actor, { ...demo[0], role: "Customer since 2020", rating: 5 });
    const own = await saveTestimonial(t.db, actor, { locale: "es", name: "Pilar", content: "Muy bien." });
    expect(await t.db.transaction((tx) => removeDemoTestimonials(tx))).toBe(5);
    expect((await listTestimonialsForAdmin(t.db)).map((x) => x.id).sort()).toEqual([kept.id, own.id].sort());
    expect(await t.db.transaction((tx) => removeDemoTestimonials(tx))).toBe(0);
  });
});
