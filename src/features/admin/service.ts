import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { categories } from "@/server/db/schema/catalog";
import { footerContent, homepageContent, pages, type FooterLink } from "@/server/db/schema/content";
import { profiles } from "@/server/db/schema/auth";
import { orders } from "@/server/db/schema/orders";
import { queryRows } from "@/server/db/rows";
import { sanitizeRichText } from "@/lib/sanitize-html";
import { slugify } from "@/lib/slug";
import { newId } from "@/lib/id";
import { cancelOrder, markShipped } from "@/features/orders/service";
import { OrderTransitionError } from "@/features/orders/errors";
import type { PaymentProvider } from "@/server/payments/provider";
import { sendOrderShippedEmail, type ParcelTracking } from "@/server/mail/order-emails";
import { settings } from "@/server/env";
import { carrierName, trackingLink, type Shipment } from "@/features/tracking/carriers";
import { parseTracking, saveShipment } from "@/features/tracking/service";
import { writeAudit, type AdminActor } from "./audit";
import { AdminError } from "./errors";
import {
  categoryInputSchema,
  footerSectionInputSchema,
  homepageSectionInputSchema,
  isSafeLinkUrl,
  pageContentInputSchema,
  type CategoryInput,
  type FooterSectionInput,
  type HomepageSectionInput,
  type PageContentInput,
} from "./schemas";

/*
 * Business rules of the back-office. Every write takes the db as a parameter, runs in one transaction and records an
 * audit row in it, so a refused or failed change leaves nothing behind. Callers (server actions) authorise first.
 */

// ——— Categories ———

export type AdminCategory = typeof categories.$inferSelect;

export async function listCategoriesForAdmin(db: Db): Promise<AdminCategory[]> {
  return db.select().from(categories).orderBy(asc(categories.nameEn), asc(categories.id));
}

const SLUG_SHAPE = /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/;

function checkCategory(input: CategoryInput) {
  const data = categoryInputSchema.parse(input);
  if (!data.nameEn) throw new AdminError("nameRequired");
  if (!data.slug) throw new AdminError("slugRequired");
  // The slug is the category's address: only what docs/product.md#slug-rule can produce (slugify is idempotent on it).
  if (!SLUG_SHAPE.test(data.slug) || slugify(data.slug) !== data.slug) throw new AdminError("slugInvalid");
  if (data.imageUrl && !isSafeLinkUrl(data.imageUrl)) throw new AdminError("invalidUrl", { url: data.imageUrl });
  return data;
}

function categoryValues(data: ReturnType<typeof checkCategory>) {
  return {
    nameEn: data.nameEn,
    nameEs: data.nameEs,
    slug: data.slug,
    descriptionEn: data.descriptionEn || null,
    descriptionEs: data.descriptionEs || null,
    imageUrl: data.imageUrl || null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((e) => (e as { code?: string } | undefined)?.code === "23505");
}

async function assertSlugFree(tx: Pick<Db, "select">, slug: string, exceptId?: string) {
  const where = exceptId ? and(eq(categories.slug, slug), ne(categories.id, exceptId)) : eq(categories.slug, slug);
  const [clash] = await tx.select({ id: categories.id }).from(categories).where(where).limit(1);
  if (clash) throw new AdminError("duplicateSlug", { slug });
}

export async function createCategory(db: Db, actor: AdminActor, input: CategoryInput): Promise<AdminCategory> {
  const data = checkCategory(input);
  try {
    return await db.transaction(async (tx) => {
      await assertSlugFree(tx, data.slug);
      const [created] = await tx.insert(categories).values({ id: newId("cat"), ...categoryValues(data) }).returning();
      await writeAudit(tx, actor, { action: "create", entity: "category", entityId: created.id, after: categoryValues(data) });
      return created;
    });
  } catch (error) {
    // Two admins saving the same slug at once: the unique index decides, the loser gets the same clear message.
    if (isUniqueViolation(error)) throw new AdminError("duplicateSlug", { slug: data.slug });
    throw error;
  }
}

export async function updateCategory(db: Db, actor: AdminActor, id: string, input: CategoryInput): Promise<AdminCategory> {
  const data = checkCategory(input);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
      if (!current) throw new AdminError("categoryNotFound");
      await assertSlugFree(tx, data.slug, id);
      const [updated] = await tx
        .update(categories)
        .set({ ...categoryValues(data), updatedAt: new Date() })
        .where(eq(categories.id, id))
        .returning();
      const before = {
        nameEn: current.nameEn,
        nameEs: current.nameEs,
        slug: current.slug,
        descriptionEn: current.descriptionEn,
        descriptionEs: current.descriptionEs,
        imageUrl: current.imageUrl,
      };
      await writeAudit(tx, actor, { action: "update", entity: "category", entityId: id, before, after: categoryValues(data) });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AdminError("duplicateSlug", { slug: data.slug });
    throw error;
  }
}

/** Deletes a category; its products stay, only their membership in it goes (ON DELETE CASCADE on the link rows). */
export async function deleteCategory(db: Db, actor: AdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(categories).where(eq(categories.id, id)).returning();
    if (!deleted) throw new AdminError("categoryNotFound");
    await writeAudit(tx, actor, {
      action: "delete",
      entity: "category",
      entityId: id,
      before: { nameEn: deleted.nameEn, nameEs: deleted.nameEs, slug: deleted.slug },
    });
  });
}

// ——— Homepage ———

export async function loadHomepageForAdmin(db: Db) {
  const rows = await db.select().from(homepageContent);
  const empty = { title_en: "", title_es: "", subtitle_en: "", subtitle_es: "" };
  const bySection = new Map(rows.map((r) => [r.section, r.content]));
  return {
    hero: { ...empty, ...bySection.get("hero") },
    featured_products: { ...empty, ...bySection.get("featured_products") },
  };
}

/** Saves one homepage section as typed (docs/product.md#admin-homepage: no validation beyond size). */
export async function saveHomepageSection(db: Db, actor: AdminActor, input: HomepageSectionInput) {
  const { section, content } = homepageSectionInputSchema.parse(input);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(homepageContent).where(eq(homepageContent.section, section)).for("update");
    await tx
      .insert(homepageContent)
      .values({ section, content })
      .onConflictDoUpdate({ target: homepageContent.section, set: { content, updatedAt: new Date() } });
    await writeAudit(tx, actor, { action: "update", entity: "homepage", entityId: section, before: current?.content ?? null, after: content });
  });
}

// ——— Footer ———

export async function loadFooterForAdmin(db: Db): Promise<Record<"customer_service" | "categories", FooterLink[]>> {
  const rows = await db.select().from(footerContent);
  const out: Record<"customer_service" | "categories", FooterLink[]> = { customer_service: [], categories: [] };
  for (const row of rows) out[row.section] = Array.isArray(row.links) ? row.links : [];
  return out;
}

/**
 * Saves the links of one footer section. Rows left completely empty are dropped; a row with a label needs a URL, and
 * every URL must be a path on the shop or an http(s) address (a stored javascript: link would run for every shopper).
 */
export async function saveFooterSection(db: Db, actor: AdminActor, input: FooterSectionInput): Promise<FooterLink[]> {
  const { section, links } = footerSectionInputSchema.parse(input);
  const cleaned: FooterLink[] = [];
  links.forEach((link, index) => {
    const row = { url: link.url.trim(), label_en: link.label_en.trim(), label_es: link.label_es.trim() };
    if (!row.url && !row.label_en && !row.label_es) return;
    if (!row.url) throw new AdminError("urlRequired", { n: index + 1 });
    if (!isSafeLinkUrl(row.url)) throw new AdminError("invalidUrl", { url: row.url });
    cleaned.push(row);
  });
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(footerContent).where(eq(footerContent.section, section)).for("update");
    await tx
      .insert(footerContent)
      .values({ section, links: cleaned })
      .onConflictDoUpdate({ target: footerContent.section, set: { links: cleaned, updatedAt: new Date() } });
    await writeAudit(tx, actor, { action: "update", entity: "footer", entityId: section, before: current?.links ?? null, after: cleaned });
  });
  return cleaned;
}

// ——— Pages ———

export async function listPagesForAdmin(db: Db) {
  return db.select().from(pages).orderBy(asc(pages.slug));
}

/**
 * Rich text as stored: sanitized with the storefront's own rules (no scripts, handlers, javascript: URLs; iframes
 * only from YouTube/Vimeo), and Quill's &nbsp; turned into plain spaces so text wraps and searches normally.
 */
export function cleanRichText(html: string): string {
  return sanitizeRichText(html.replace(/&nbsp;|&#160;|\u00a0/g, " "));
}

export async function savePageContent(db: Db, actor: AdminActor, input: PageContentInput) {
  const data = pageContentInputSchema.parse(input);
  const contentEn = cleanRichText(data.contentEn);
  const contentEs = cleanRichText(data.contentEs);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(pages).where(eq(pages.slug, data.slug)).for("update");
    if (!current) throw new AdminError("pageNotFound", { slug: data.slug });
    const [updated] = await tx.update(pages).set({ contentEn, contentEs, updatedAt: new Date() }).where(eq(pages.slug, data.slug)).returning();
    await writeAudit(tx, actor, {
      action: "update",
      entity: "page",
      entityId: data.slug,
      before: { contentEn: current.contentEn, contentEs: current.contentEs },
      after: { contentEn, contentEs },
    });
    return updated;
  });
}

// ——— Orders ———

function translateOrderError(error: unknown, orderId: number): never {
  if (error instanceof OrderTransitionError) {
    switch (error.code) {
      case "order_not_found":
        throw new AdminError("orderNotFound", { id: orderId });
      case "illegal_transition":
        throw new AdminError("illegalTransition", { id: orderId, from: error.from ?? "", to: error.to ?? "" });
      case "refund_failed":
        throw new AdminError("refundFailed", { id: orderId, detail: error.message.replace(/^.*?not cancelled: /, "") });
      case "changed_concurrently":
        throw new AdminError("changedConcurrently", { id: orderId });
    }
  }
  throw error;
}

/**
 * completed → shipped with the parcel's carrier and tracking number (docs/product.md#tracking), then the shipped email
 * in the order's language. Status, parcel and audit row commit together; markShipped changes the status under a row
 * lock, so of two clicks (or two admins) only one gets past it: the email goes out exactly once.
 */
export async function shipOrder(
  db: Db,
  actor: AdminActor,
  orderId: number,
  tracking: unknown,
  deps: { sendShipped?: (db: Db, orderId: number, tracking: ParcelTracking) => Promise<void> } = {},
) {
  const parcel = parseTracking(tracking);
  let saved: Shipment | undefined;
  let updated;
  try {
    updated = await db.transaction(async (tx) => {
      const shipped = await markShipped(tx, orderId, { userId: actor.userId, kind: "admin" });
      saved = await saveShipment(tx, orderId, parcel);
      await writeAudit(tx, actor, { action: "ship", entity: "order", entityId: String(orderId), before: { status: "completed" }, after: { status: "shipped", ...saved } });
      return shipped;
    });
  } catch (error) {
    translateOrderError(error, orderId);
  }
  try {
    const link = trackingLink(saved!, settings().CARRIER_TRACKING_URLS);
    await (deps.sendShipped ?? sendOrderShippedEmail)(db, orderId, { carrierName: carrierName(saved!.carrier), trackingNumber: saved!.trackingNumber, url: link });
  } catch (error) {
    // The order is shipped either way; the outbox/log keeps the trace of a failed message.
    console.error(`Order ${orderId}: shipped email failed`, error);
  }
  return updated;
}

/** Cancels an order; a paid one is refunded through its provider and restocked (orders service). */
export async function cancelOrderAsAdmin(db: Db, actor: AdminActor, orderId: number, providerFor: (name: string) => PaymentProvider) {
  try {
    const [before] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    const updated = await cancelOrder(db, orderId, { userId: actor.userId, kind: "admin" }, { refund: true, reason: `Cancelled by ${actor.email}` }, providerFor);
    await writeAudit(db, actor, { action: "cancel", entity: "order", entityId: String(orderId), before: { status: before?.status }, after: { status: "cancelled" } });
    return updated;
  } catch (error) {
    translateOrderError(error, orderId);
  }
}

// ——— Dashboard ———

export type DailySales = { day: string; count: number; cents: number };

/** Orders that brought money in: paid (completed) or paid and shipped. */
const PAID_STATUSES = ["completed", "shipped"] as const;

/**
 * The dashboard's figures, from the database: revenue and sales count of paid orders in the store currency (orders in
 * another currency are counted apart, never added to it), users, the last 30 days of sales per day, latest orders.
 */
export async function loadDashboard(db: Db, currency: string, now: Date = new Date()) {
  const paid = inArray(orders.status, [...PAID_STATUSES]);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const [[revenue], [sales], [users], daily, latest] = await Promise.all([
    db
      .select({ cents: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
      .from(orders)
      .where(and(paid, eq(orders.currency, currency.toUpperCase()))),
    db.select({ n: count() }).from(orders).where(paid),
    db.select({ n: count() }).from(profiles),
    queryRows<{ day: string; count: number; cents: string }>(
      db,
      sql`select to_char(date_trunc('day', ${orders.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as day,
                 count(*)::int as count,
                 coalesce(sum(${orders.totalCents}) filter (where ${orders.currency} = ${currency.toUpperCase()}), 0)::text as cents
            from ${orders}
           where ${orders.status} in ('completed', 'shipped') and ${orders.createdAt} >= ${start.toISOString()}::timestamptz
           group by 1`,
    ),
    db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(5),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const days: DailySales[] = [];
  for (let i = 0; i < 30; i++) {
    const date = new Date(start.getTime() + i * 86_400_000);
    const key = date.toISOString().slice(0, 10);
    const row = byDay.get(key);
    days.push({ day: key, count: row ? Number(row.count) : 0, cents: row ? Number(row.cents) : 0 });
  }
  return {
    revenueCents: Number(revenue.cents),
    currency: currency.toUpperCase(),
    salesCount: Number(sales.n),
    userCount: Number(users.n),
    days,
    latest,
  };
}

// ——— Products (list) ———

export const PRODUCT_PAGE_SIZE = 25;

/**
 * The admin product list: every product not deleted (hidden ones included), searched by title in either language or
 * by a variant's SKU, with its variant count, lowest price and stock of managed variants.
 */
export async function listProductsForAdmin(db: Db, options: { query?: string; page?: number } = {}) {
  const page = options.page && Number.isSafeInteger(options.page) && options.page > 0 ? options.page : 1;
  const q = (options.query ?? "").trim().slice(0, 100);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q
    ? sql`p.deleted_at is null and (p.title_en ilike ${pattern} or p.title_es ilike ${pattern}
          or exists (select 1 from variants s where s.product_id = p.id and s.sku ilike ${pattern}))`
    : sql`p.deleted_at is null`;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<{
      id: string;
      title_en: string;
      title_es: string;
      is_hidden: boolean;
      purchasable: boolean;
      variant_count: number;
      min_price: number | null;
      currency: string | null;
      managed_stock: number | null;
    }>(
      db,
      sql`select p.id, p.title_en, p.title_es, p.is_hidden, p.purchasable,
                 (select count(*)::int from variants v where v.product_id = p.id) as variant_count,
                 (select min(coalesce(v.sale_price_cents, v.price_cents))::int from variants v where v.product_id = p.id) as min_price,
                 (select v.currency from variants v where v.product_id = p.id order by v.sort_order limit 1) as currency,
                 (select sum(v.stock)::int from variants v where v.product_id = p.id and v.manage_inventory) as managed_stock
            from products p
           where ${where}
           order by p.sort_order, p.created_at desc, p.id
           limit ${PRODUCT_PAGE_SIZE} offset ${(page - 1) * PRODUCT_PAGE_SIZE}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from products p where ${where}`),
  ]);
  return { rows, total: Number(total), page, pageCount: Math.max(1, Math.ceil(Number(total) / PRODUCT_PAGE_SIZE)) };
}
