import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { productOptionValues } from "@/server/db/schema/catalog";
import { optionTypes, optionTypeValues } from "@/server/db/schema/option-types";
import { queryRows } from "@/server/db/rows";
import { writeAudit, type AdminActor } from "@/server/audit";
import { newId } from "@/lib/id";
import type { OptionTypeInput, OptionTypeValueInput, OptionTypeValueMove } from "./option-type-schemas";

/*
 * The admin's commands on the shop's option types and their values (docs/product.md#option-types, decision 0368):
 * each change, the refresh of the filters of the products using the type, and its audit row in one transaction. A
 * refusal the admin can act on (a name taken, a value still used by products) is answered, not thrown, so the form
 * shows it on the field. The order rule of sizes (by number first) and the filters' keys are the database's
 * (drizzle/0067), the same functions that link products' options, so they cannot drift apart.
 */

export type OptionTypeWriteResult =
  | { ok: true; id: string }
  | { ok: false; code: "nameTaken" | "nameEmpty"; field: "nameEn"; params?: undefined }
  | { ok: false; code: "valueTaken" | "valueEmpty"; field: "valueEn"; params?: undefined }
  | { ok: false; code: "valueInUse"; field?: undefined; params: { count: number } }
  | { ok: false; code: "typeNotFound" | "valueNotFound"; field?: undefined; params?: undefined };

export type OptionTypeValueView = { id: string; valueEn: string; valueEs: string; swatch: string | null; sortOrder: number; products: number };
export type OptionTypeView = { id: string; nameEn: string; nameEs: string; kind: "colour" | "size" | "other"; key: string; values: OptionTypeValueView[] };

async function facetKey(tx: Executor, text: string): Promise<string> {
  const [row] = await queryRows<{ key: string | null }>(tx, sql`SELECT public.vitrina_facet_key(${text}) AS key`);
  return row?.key ?? "";
}

/** The filters of every product with an option of the type follow its names and order. */
async function refreshProductsOfType(tx: Executor, typeId: string) {
  await tx.execute(sql`SELECT public.vitrina_order_option_type_values(ARRAY[${typeId}]::text[])`);
  await tx.execute(sql`SELECT public.vitrina_refresh_product_facets(ARRAY(
    SELECT DISTINCT o.product_id FROM product_options o WHERE o.option_type_id = ${typeId} ORDER BY 1))`);
}

/** Every type with its values in order and how many products use each value, for /admin/option-types. */
export async function listOptionTypes(db: Executor): Promise<OptionTypeView[]> {
  const types = await db.select().from(optionTypes).orderBy(asc(optionTypes.nameEn), asc(optionTypes.id));
  const values = await queryRows<{ id: string; type_id: string; value_en: string; value_es: string; swatch: string | null; sort_order: number; products: number }>(
    db,
    sql`SELECT tv.id, tv.type_id, tv.value_en, tv.value_es, tv.swatch, tv.sort_order,
          (SELECT count(DISTINCT o.product_id) FROM product_option_values ov JOIN product_options o ON o.id = ov.option_id
           WHERE ov.type_value_id = tv.id)::int AS products
        FROM option_type_values tv ORDER BY tv.type_id, tv.sort_order, tv.id`,
  );
  return types.map((t) => ({
    id: t.id,
    nameEn: t.nameEn,
    nameEs: t.nameEs,
    kind: t.kind,
    key: t.key,
    values: values
      .filter((v) => v.type_id === t.id)
      .map((v) => ({ id: v.id, valueEn: v.value_en, valueEs: v.value_es, swatch: v.swatch, sortOrder: Number(v.sort_order), products: Number(v.products) })),
  }));
}

export async function saveOptionType(db: Db, actor: AdminActor, input: OptionTypeInput): Promise<OptionTypeWriteResult> {
  return db.transaction(async (tx) => {
    const key = await facetKey(tx, input.nameEn);
    if (!key) return { ok: false, code: "nameEmpty", field: "nameEn" };
    const [before] = input.id === null ? [] : await tx.select().from(optionTypes).where(eq(optionTypes.id, input.id));
    if (input.id !== null && !before) return { ok: false, code: "typeNotFound" };
    const [taken] = await tx
      .select({ id: optionTypes.id })
      .from(optionTypes)
      .where(input.id === null ? eq(optionTypes.key, key) : and(eq(optionTypes.key, key), ne(optionTypes.id, input.id)));
    if (taken) return { ok: false, code: "nameTaken", field: "nameEn" };
    const values = { nameEn: input.nameEn, nameEs: input.nameEs, kind: input.kind, key, updatedAt: new Date() };
    const id = before?.id ?? newId("otype");
    if (before) await tx.update(optionTypes).set(values).where(eq(optionTypes.id, id));
    else await tx.insert(optionTypes).values({ id, ...values });
    if (before) await refreshProductsOfType(tx, id);
    await writeAudit(tx, actor, { action: before ? "option_type.update" : "option_type.create", entity: "option_type", entityId: id, before: before ?? null, after: input });
    return { ok: true, id };
  });
}

export async function saveOptionTypeValue(db: Db, actor: AdminActor, input: OptionTypeValueInput): Promise<OptionTypeWriteResult> {
  return db.transaction(async (tx) => {
    const [type] = await tx.select().from(optionTypes).where(eq(optionTypes.id, input.typeId));
    if (!type) return { ok: false, code: "typeNotFound" };
    const key = await facetKey(tx, input.valueEn);
    if (!key) return { ok: false, code: "valueEmpty", field: "valueEn" };
    const [before] = input.id === null ? [] : await tx.select().from(optionTypeValues).where(and(eq(optionTypeValues.id, input.id), eq(optionTypeValues.typeId, type.id)));
    if (input.id !== null && !before) return { ok: false, code: "valueNotFound" };
    const [taken] = await tx
      .select({ id: optionTypeValues.id })
      .from(optionTypeValues)
      .where(and(eq(optionTypeValues.typeId, type.id), eq(optionTypeValues.key, key), ...(input.id === null ? [] : [ne(optionTypeValues.id, input.id)])));
    if (taken) return { ok: false, code: "valueTaken", field: "valueEn" };
    // Only colour types show a swatch.
    const fields = { valueEn: input.valueEn, valueEs: input.valueEs, key, swatch: type.kind === "colour" ? input.swatch : null };
    const id = before?.id ?? newId("otval");
    if (before) {
      await tx.update(optionTypeValues).set(fields).where(eq(optionTypeValues.id, id));
    } else {
      const [last] = await queryRows<{ n: number | null }>(tx, sql`SELECT max(sort_order) AS n FROM option_type_values WHERE type_id = ${type.id}`);
      await tx.insert(optionTypeValues).values({ id, typeId: type.id, ...fields, sortOrder: Number(last?.n ?? -1) + 1 });
    }
    await refreshProductsOfType(tx, type.id);
    await writeAudit(tx, actor, { action: before ? "option_type_value.update" : "option_type_value.create", entity: "option_type_value", entityId: id, before: before ?? null, after: input });
    return { ok: true, id };
  });
}

/** One place up or down among the type's values (sizes that are numbers keep their numeric order). */
export async function moveOptionTypeValue(db: Db, actor: AdminActor, input: OptionTypeValueMove): Promise<OptionTypeWriteResult> {
  return db.transaction(async (tx) => {
    const [value] = await tx.select().from(optionTypeValues).where(eq(optionTypeValues.id, input.id));
    if (!value) return { ok: false, code: "valueNotFound" };
    const siblings = await tx.select().from(optionTypeValues).where(eq(optionTypeValues.typeId, value.typeId)).orderBy(asc(optionTypeValues.sortOrder), asc(optionTypeValues.id));
    const at = siblings.findIndex((v) => v.id === value.id);
    const to = input.direction === "up" ? at - 1 : at + 1;
    if (to >= 0 && to < siblings.length) {
      [siblings[at], siblings[to]] = [siblings[to], siblings[at]];
      for (const [n, v] of siblings.entries()) if (v.sortOrder !== n) await tx.update(optionTypeValues).set({ sortOrder: n }).where(eq(optionTypeValues.id, v.id));
    }
    await refreshProductsOfType(tx, value.typeId);
    await writeAudit(tx, actor, { action: "option_type_value.move", entity: "option_type_value", entityId: value.id, before: { sortOrder: value.sortOrder }, after: input });
    return { ok: true, id: value.id };
  });
}

/** Refused while any product's option value is linked to it: the admin changes those products first. */
export async function removeOptionTypeValue(db: Db, actor: AdminActor, id: string): Promise<OptionTypeWriteResult> {
  return db.transaction(async (tx) => {
    const [value] = await tx.select().from(optionTypeValues).where(eq(optionTypeValues.id, id));
    if (!value) return { ok: false, code: "valueNotFound" };
    const [used] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(DISTINCT o.product_id)::int AS n FROM ${productOptionValues} ov JOIN product_options o ON o.id = ov.option_id WHERE ov.type_value_id = ${id}`,
    );
    if (Number(used?.n ?? 0) > 0) return { ok: false, code: "valueInUse", params: { count: Number(used.n) } };
    await tx.delete(optionTypeValues).where(eq(optionTypeValues.id, id));
    await writeAudit(tx, actor, { action: "option_type_value.delete", entity: "option_type_value", entityId: id, before: value, after: null });
    return { ok: true, id };
  });
}

/** The swatch of each of a product's option values (its type value's; null without one), for the product page. */
export async function productOptionSwatches(db: Executor, productId: string): Promise<Record<string, string | null>> {
  const rows = await queryRows<{ id: string; swatch: string | null }>(
    db,
    sql`SELECT ov.id, tv.swatch FROM product_option_values ov JOIN product_options o ON o.id = ov.option_id
        LEFT JOIN option_type_values tv ON tv.id = ov.type_value_id WHERE o.product_id = ${productId}`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.swatch ?? null]));
}

/**
 * Swatches for the colour types' values named (English), e.g. the demo's paints; values the linking already gave a
 * swatch from a colour word get these more exact ones. Values that do not exist are left alone.
 */
export async function setColourSwatches(tx: Executor, swatches: Array<{ valueEn: string; swatch: string }>): Promise<void> {
  if (swatches.length === 0) return;
  await tx.execute(sql`UPDATE option_type_values tv SET swatch = x.swatch
    FROM jsonb_to_recordset(${JSON.stringify(swatches)}::jsonb) AS x("valueEn" text, swatch text), option_types t
    WHERE t.id = tv.type_id AND t.kind = 'colour' AND tv.key = public.vitrina_facet_key(x."valueEn")`);
}

/**
 * The option types named (English or Spanish name, case and accents aside), created when missing — a new one's kind
 * from its name as the linking reads it (Colour/Color, Size/Talla, else other). Name as given → type id.
 */
export async function optionTypesNamed(tx: Executor, names: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const name of new Set(names.map((n) => n.trim()).filter(Boolean))) {
    const key = await facetKey(tx, name);
    if (!key) continue;
    // As the linking of drizzle/0067: a colour or size name finds the shop's colour or size type, whatever it is called.
    const kind = ["colour", "color", "colours", "colors", "colores"].includes(key) ? "colour" : ["size", "sizes", "talla", "tallas"].includes(key) ? "size" : "other";
    const find = () =>
      queryRows<{ id: string }>(
        tx,
        sql`SELECT id FROM option_types WHERE key = ${key} OR public.vitrina_facet_key(name_es) = ${key} OR (kind = ${kind} AND kind <> 'other')
            ORDER BY (key = ${key}) DESC, created_at, id LIMIT 1`,
      );
    let [row] = await find();
    if (!row) {
      await tx.insert(optionTypes).values({ id: newId("otype"), nameEn: name, nameEs: "", kind, key }).onConflictDoNothing();
      [row] = await find();
    }
    if (row) found.set(name, row.id);
  }
  return found;
}

/** Links the options' values again where an option's type changed (values keep their link while it holds). */
export async function relinkOptions(tx: Executor, optionIds: string[]): Promise<void> {
  if (optionIds.length === 0) return;
  const ids = JSON.stringify(optionIds);
  await tx.execute(sql`UPDATE product_option_values ov SET type_value_id = NULL
    FROM product_options o, option_type_values tv
    WHERE ov.option_id = o.id AND tv.id = ov.type_value_id AND tv.type_id IS DISTINCT FROM o.option_type_id
      AND o.id IN (SELECT jsonb_array_elements_text(${ids}::jsonb))`);
  await tx.execute(sql`SELECT public.vitrina_link_product_options(ARRAY(SELECT jsonb_array_elements_text(${ids}::jsonb)))`);
}
