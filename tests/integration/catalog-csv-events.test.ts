import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { describeOnEachDatabase } from "../helpers/test-database";
import { webhookTestbed } from "../helpers/webhook-testbed";
import { actor } from "./fulfilment-fixtures";
import { webhookDeliveries } from "@/server/db/schema/webhooks";
import { createProduct } from "@/features/catalog/product-admin-service";
import { getProduct, listProducts } from "@/features/catalog/service";
import { parseCatalogCsv } from "@/features/catalog-csv/parse";
import { planImport } from "@/features/catalog-csv/import-plan";
import { applyImport } from "@/features/catalog-csv/import-apply";
import { createEndpoint } from "@/features/webhooks/admin-service";
import { deliverDueWebhooks } from "@/features/webhooks/delivery-worker";

/*
 * A catalog import writes products through the catalog's product commands (docs/product.md#catalog-csv): like the
 * editor's save it queues product.updated for each product it creates or changes, in its own transaction, and the
 * storefront reads the new values at once.
 */

describeOnEachDatabase("catalog import events", (kind) => {
  const bed = webhookTestbed(kind);

  async function importRows(rows: Array<Record<string, string>>) {
    const parsed = parseCatalogCsv(new TextEncoder().encode(Papa.unparse(rows)));
    if (!parsed.ok) throw new Error(`unreadable: ${parsed.error.code}`);
    const plan = await planImport(bed.db, parsed, "EUR");
    expect(plan.errors).toEqual([]);
    return applyImport(bed.db, plan, { actor, currency: "EUR", fileName: "catalog.csv" });
  }

  it("an import queues product.updated once per product it creates or changes, delivers it to the listening endpoint, and the storefront shows the new title", async () => {
    const product = (title: string, sku: string) => ({ titleEn: title, titleEs: title, variants: [{ titleEn: "One", sku, priceCents: 4900, manageInventory: true, stock: 5 }] });
    const changed = await createProduct(bed.db, actor, product("Canvas Tote", `IMP-${kind}-1`), "EUR");
    const untouched = await createProduct(bed.db, actor, product("Linen Scarf", `IMP-${kind}-2`), "EUR");
    await createEndpoint(bed.db, actor, { url: bed.receiver.url, description: "ERP", events: ["product.updated"], enabled: true });

    const row = (handle: string, title: string, sku: string, price: string, stock: string) => ({
      handle,
      title_en: title,
      title_es: title,
      variant_title_en: "One",
      sku,
      price,
      stock,
      manage_inventory: "true",
    });
    await importRows([
      row(changed.id, "Canvas Tote, Sand", `IMP-${kind}-1`, "49.00", "5"),
      row(untouched.id, "Linen Scarf", `IMP-${kind}-2`, "49.00", "5"),
      row(`new-${kind}`, "Wool Beret", `IMP-${kind}-3`, "25.50", "2"),
      row(`new-${kind}`, "Wool Beret", `IMP-${kind}-4`, "26.50", "1"),
    ]);

    const queued = await bed.db.select({ body: webhookDeliveries.body }).from(webhookDeliveries).where(eq(webhookDeliveries.eventType, "product.updated"));
    const events = queued.map((q) => JSON.parse(q.body) as { data: { change: string; product: { id: string; titleEn: string; variants: Array<{ sku: string; priceCents: number; stock: number }> } } });
    expect(Object.fromEntries(events.map((e) => [e.data.product.id, e.data.change]))).toEqual({ [changed.id]: "updated", [`new-${kind}`]: "created" });
    expect(events).toHaveLength(2);
    expect(events.find((e) => e.data.product.id === changed.id)!.data.product).toMatchObject({ titleEn: "Canvas Tote, Sand", variants: [{ sku: `IMP-${kind}-1`, priceCents: 4900, stock: 5 }] });
    expect(events.find((e) => e.data.product.id === `new-${kind}`)!.data.product.variants).toMatchObject([
      { sku: `IMP-${kind}-3`, priceCents: 2550, stock: 2 },
      { sku: `IMP-${kind}-4`, priceCents: 2650, stock: 1 },
    ]);

    const now = new Date();
    const report = await deliverDueWebhooks(bed.db, { maxAttempts: 3, retryBaseMs: 60_000, timeoutMs: 5_000, leaseMs: 60_000, batch: 20, now: () => now });
    expect(report).toMatchObject({ retrying: [], failed: [] });
    const received = bed.receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: { product: { titleEn: string } } });
    expect(received.map((r) => `${r.type} ${r.data.product.titleEn}`).sort()).toEqual(["product.updated Canvas Tote, Sand", "product.updated Wool Beret"]);

    expect((await getProduct(bed.db, changed.id, "en"))?.title).toBe("Canvas Tote, Sand");
    const listed = await listProducts(bed.db, { locale: "en", sortBy: "title" });
    expect(listed.products.map((p) => p.title)).toEqual(["Canvas Tote, Sand", "Linen Scarf", "Wool Beret"]);
  });
});
