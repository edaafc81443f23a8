import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { shippingEnvironmentPending, shippingMethods, shippingZoneCountries, shippingZones } from "@/server/db/schema/shipping";
import { writeAudit, type AdminActor } from "@/server/audit";
import type { MethodInput, ZoneInput } from "./schemas";

/*
 * The admin's commands on zones and methods (docs/product.md#shipping): each change and its audit row in one
 * transaction. A refusal the admin can fix (a country already in another zone) is answered, not thrown, so the form
 * shows it on the field.
 */

export type ShippingWriteResult =
  | { ok: true; id: number }
  | { ok: false; code: "countryTaken"; field: "countries"; params: { country: string; zone: string } }
  | { ok: false; code: "zoneNotFound" | "methodNotFound"; field?: undefined; params?: undefined };

export async function saveZone(db: Db, actor: AdminActor, input: ZoneInput): Promise<ShippingWriteResult> {
  return db.transaction(async (tx) => {
    const before = input.id === null ? null : await zoneWithCountries(tx, input.id);
    if (input.id !== null && !before) return { ok: false, code: "zoneNotFound" };
    // A country is in one zone only: the first one taken by another zone is named on the field.
    const [taken] = await tx
      .select({ country: shippingZoneCountries.country, zone: shippingZones.nameEn, zoneEs: shippingZones.nameEs })
      .from(shippingZoneCountries)
      .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneCountries.zoneId))
      .where(input.id === null ? inArray(shippingZoneCountries.country, input.countries) : and(inArray(shippingZoneCountries.country, input.countries), ne(shippingZoneCountries.zoneId, input.id)))
      .orderBy(asc(shippingZoneCountries.country))
      .limit(1);
    if (taken) return { ok: false, code: "countryTaken", field: "countries", params: { country: taken.country, zone: taken.zone } };
    const values = { nameEn: input.nameEn, nameEs: input.nameEs, sortOrder: input.sortOrder, updatedAt: new Date() };
    const id =
      input.id === null
        ? (await tx.insert(shippingZones).values(values).returning({ id: shippingZones.id }))[0].id
        : (await tx.update(shippingZones).set(values).where(eq(shippingZones.id, input.id)).returning({ id: shippingZones.id }))[0].id;
    await tx.delete(shippingZoneCountries).where(eq(shippingZoneCountries.zoneId, id));
    await tx.insert(shippingZoneCountries).values(input.countries.map((country) => ({ country, zoneId: id })));
    // The admin's own values replace the environment's: a later start does not write over them.
    await tx.delete(shippingEnvironmentPending).where(eq(shippingEnvironmentPending.zoneId, id));
    await writeAudit(tx, actor, { action: before ? "shipping_zone.update" : "shipping_zone.create", entity: "shipping_zone", entityId: String(id), before, after: input });
    return { ok: true, id };
  });
}

export async function deleteZone(db: Db, actor: AdminActor, id: number): Promise<ShippingWriteResult> {
  return db.transaction(async (tx) => {
    const before = await zoneWithCountries(tx, id);
    if (!before) return { ok: false, code: "zoneNotFound" };
    const methods = await tx.select().from(shippingMethods).where(eq(shippingMethods.zoneId, id));
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    await writeAudit(tx, actor, { action: "shipping_zone.delete", entity: "shipping_zone", entityId: String(id), before: { ...before, methods }, after: null });
    return { ok: true, id };
  });
}

export async function saveMethod(db: Db, actor: AdminActor, input: MethodInput): Promise<ShippingWriteResult> {
  return db.transaction(async (tx) => {
    const [zone] = await tx.select({ id: shippingZones.id }).from(shippingZones).where(eq(shippingZones.id, input.zoneId));
    if (!zone) return { ok: false, code: "zoneNotFound" };
    const { id: methodId, ...fields } = input;
    const [before] = methodId === null ? [] : await tx.select().from(shippingMethods).where(eq(shippingMethods.id, methodId));
    if (methodId !== null && !before) return { ok: false, code: "methodNotFound" };
    const values = { ...fields, updatedAt: new Date() };
    const [row] =
      methodId === null
        ? await tx.insert(shippingMethods).values(values).returning({ id: shippingMethods.id })
        : await tx.update(shippingMethods).set(values).where(eq(shippingMethods.id, methodId)).returning({ id: shippingMethods.id });
    await tx.delete(shippingEnvironmentPending).where(eq(shippingEnvironmentPending.zoneId, input.zoneId));
    await writeAudit(tx, actor, { action: before ? "shipping_method.update" : "shipping_method.create", entity: "shipping_method", entityId: String(row.id), before: before ?? null, after: input });
    return { ok: true, id: row.id };
  });
}

export async function deleteMethod(db: Db, actor: AdminActor, id: number): Promise<ShippingWriteResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(shippingMethods).where(eq(shippingMethods.id, id)).returning();
    if (!before) return { ok: false, code: "methodNotFound" };
    await writeAudit(tx, actor, { action: "shipping_method.delete", entity: "shipping_method", entityId: String(id), before, after: null });
    return { ok: true, id };
  });
}

async function zoneWithCountries(tx: Pick<Db, "select">, id: number) {
  const [zone] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id));
  if (!zone) return null;
  const countries = await tx.select({ country: shippingZoneCountries.country }).from(shippingZoneCountries).where(eq(shippingZoneCountries.zoneId, id)).orderBy(asc(shippingZoneCountries.country));
  return { ...zone, countries: countries.map((c) => c.country) };
}

/** Every zone with its countries and methods, in their order, for /admin/shipping. */
export async function listZones(db: Pick<Db, "select">) {
  const [zones, countries, methods] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.sortOrder), asc(shippingZones.id)),
    db.select().from(shippingZoneCountries).orderBy(asc(shippingZoneCountries.country)),
    db.select().from(shippingMethods).orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id)),
  ]);
  return zones.map((z) => ({
    ...z,
    countries: countries.filter((c) => c.zoneId === z.id).map((c) => c.country),
    methods: methods.filter((m) => m.zoneId === z.id),
  }));
}

export type AdminZone = Awaited<ReturnType<typeof listZones>>[number];
