import { and, asc, eq, sql } from "drizzle-orm";
import { countryName } from "@/lib/country-name";
import type { Executor } from "@/server/db/executor";
import { sellerName, shopSettings, type SettingsReader } from "@/features/settings/queries";
import { invoices, type InvoiceAmounts, type InvoiceLineSnapshot, type InvoiceParty } from "@/server/db/schema/invoices";
import { orderLines, orders } from "@/server/db/schema/orders";
import { shareOfRemainder } from "@/features/taxes/pricing-engine";
import { shippingRowLabel } from "@/features/taxes/money-rows";
import { NUMBERED_AT_COMMIT } from "./numbering";
import { formatMessage } from "@/i18n/server-translator";

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * A document as its issuing transaction sees it: numbered only as that transaction commits (./numbering.ts), so its
 * number and sequence may still be empty. Read it again after the commit for the number.
 */
export type IssuedDocument = Omit<InvoiceRow, "number" | "sequence"> & { number: string | null; sequence: number | null };

/**
 * An order and its lines (ordered by id) as its payment's transaction has them, read once for the mail, invoice and
 * webhooks. Declared here rather than in orders/: orders depends on invoices (it issues them), never the reverse.
 */
export type PaidOrderRows = { order: typeof orders.$inferSelect; lines: (typeof orderLines.$inferSelect)[] };

async function paidOrderRows(tx: Executor, orderId: number): Promise<PaidOrderRows> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  return { order, lines: await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)) };
}

/** The seller as the merchant's settings name it now (docs/product.md#settings), snapshotted on each invoice issued. */
export async function invoiceSeller(tx: SettingsReader): Promise<InvoiceParty> {
  const s = await shopSettings(tx);
  return { name: sellerName(s), taxId: s.seller.taxId, address: s.seller.address, email: s.store.email };
}

function buyerOf(order: typeof orders.$inferSelect): InvoiceParty {
  // The company and tax id the shopper gave at checkout (docs/product.md#checkout-extras), when they gave them.
  const company = order.companyName ? { company: order.companyName } : {};
  const taxId = order.taxId ?? "";
  const a = order.shippingAddress;
  if (!a) return { name: order.email, ...company, taxId, address: "", email: order.email };
  // The country by its name in the order's language (docs/product.md#invoices), not its code.
  const address = [a.address, [a.zipCode, a.city].filter(Boolean).join(" "), a.state, countryName(a.country, order.locale)].filter(Boolean).join(", ");
  return { name: `${a.firstName} ${a.lastName}`.trim(), ...company, taxId, address, email: order.email };
}

function lineTitle(l: typeof orderLines.$inferSelect) {
  return l.variantTitle ? `${l.productTitle} (${l.variantTitle})` : l.productTitle;
}

/**
 * Issues the invoice of a paid order, in the transaction that records the payment (confirmPayment, in
 * src/features/orders/payment-confirmation.ts, writes the same insert through invoiceInsert): it is numbered as that
 * transaction commits (./numbering.ts), so a payment that rolls back takes no number. Once per order: a second call
 * answers the existing invoice. The row answered has no number yet.
 */
export async function issueInvoiceInTx(tx: Executor, orderId: number, now = new Date(), read?: PaidOrderRows): Promise<IssuedDocument> {
  const [row] = await invoiceInsert(tx, now, read ?? (await paidOrderRows(tx, orderId)), await invoiceSeller(tx)).returning();
  if (row) return row;
  const [existing] = await tx.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  return existing;
}

/**
 * issueInvoiceInTx's insert for the paid order at hand, built but not run: confirmPayment writes it with the
 * payment's other rows in one statement (src/server/db/one-statement.ts).
 */
export function invoiceInsert(tx: Pick<Executor, "insert">, now: Date, { order, lines }: PaidOrderRows, seller: InvoiceParty) {
  const amounts: InvoiceAmounts = {
    pricesIncludeTax: order.pricesIncludeTax,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    discounts: order.discountLines.map((d) => ({ label: `${(order.locale === "es" && d.nameEs) || d.nameEn}${d.code ? ` (${d.code})` : ""}`, amountCents: d.amountCents })),
    shippingCents: order.shippingCents,
    ...(order.shippingMethod ? { shippingLabel: shippingRowLabel(order.shippingMethod, order.locale), pickup: order.shippingMethod.kind === "pickup" && order.shippingCents === 0 } : {}),
    taxLines: order.taxLines,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
  };
  return (
    tx
      .insert(invoices)
      .values({
        orderId: order.id,
        kind: "invoice",
        ...NUMBERED_AT_COMMIT,
        year: now.getUTCFullYear(),
        locale: order.locale,
        currency: order.currency,
        seller,
        buyer: buyerOf(order),
        lines: lines.map(
          (l): InvoiceLineSnapshot => ({
            title: lineTitle(l),
            quantity: l.quantity,
            unitCents: l.salePriceCents ?? l.unitPriceCents,
            discountCents: l.discountCents,
            taxRateBp: l.taxRateBp,
            taxCents: l.taxCents,
            totalCents: l.totalCents ?? (l.salePriceCents ?? l.unitPriceCents) * l.quantity,
          }),
        ),
        amounts,
        issuedAt: now,
      })
      // Once per order (the partial unique index invoices_one_per_order): a payment's first call inserts, any later
      // call answers the invoice already there. Inserting first saves every payment the look-up beforehand.
      .onConflictDoNothing({ target: invoices.orderId, where: sql`${invoices.kind} = 'invoice'` })
  );
}

export type CreditNoteRequest = {
  orderId: number;
  reason: string;
  /**
   * Which units are refunded; omitted → all the order has left (every line and the shipping). `totalCents`: what was
   * given back for those units when the caller decided it (a return's refund), else their share of the line.
   */
  lines?: { orderLineId: number; quantity: number; totalCents?: number }[];
  /** Refund the shipping too (always true for a whole-order credit note). */
  includeShipping?: boolean;
  /** An amount given back beyond any line, with its title in the invoice's language; taxed at the goods' highest rate. */
  adjustment?: { cents: number; title: string };
  now?: Date;
};

type CreditedLine = { units: number; totalCents: number; taxCents: number; discountCents: number };

/** What the invoice's earlier credit notes took of each order line (as positive cents), and whether one took the shipping. */
async function creditedSoFar(tx: Executor, invoice: InvoiceRow, orderLineIds: number[]) {
  const notes = await tx.select().from(invoices).where(and(eq(invoices.correctsInvoiceId, invoice.id), eq(invoices.kind, "credit_note")));
  const byLine = new Map<number, CreditedLine>();
  let adjustedCents = 0;
  let adjustedTaxCents = 0;
  for (const line of notes.flatMap((n) => n.lines)) {
    if (line.adjustment) {
      adjustedCents -= line.totalCents;
      adjustedTaxCents -= line.taxCents;
      continue;
    }
    // Notes from before lines named their order line: the invoice line of the same title, price and rate.
    const id = line.orderLineId ?? orderLineIds[invoice.lines.findIndex((s) => s.title === line.title && s.unitCents === line.unitCents && s.taxRateBp === line.taxRateBp)];
    if (id === undefined) continue;
    const had = byLine.get(id) ?? { units: 0, totalCents: 0, taxCents: 0, discountCents: 0 };
    byLine.set(id, {
      units: had.units + line.quantity,
      totalCents: had.totalCents - line.totalCents,
      taxCents: had.taxCents - line.taxCents,
      discountCents: had.discountCents - line.discountCents,
    });
  }
  return { byLine, shipping: notes.some((n) => n.amounts.shippingCents !== 0), adjustedCents, adjustedTaxCents };
}

/**
 * Issues a credit note from its own gap-free sequence against the order's invoice: all the order has left, or the
 * given units of some lines (a partial refund, e.g. a return). Amounts are the invoice's, negated; part of a line
 * takes its share of what earlier credit notes left of the line's total, tax and discount (shareOfRemainder: the last
 * unit takes the remainder), and the shipping is credited once, so an invoice's credit notes never add up to more
 * than the invoice, per tax rate too. Answers null when the order has no invoice (it was never paid). Call it inside
 * the transaction that records the refund: the invoice row is locked, so notes of one invoice are issued one at a
 * time; the note is numbered as it commits (./numbering.ts), the row answered has no number yet.
 */
export async function issueCreditNoteInTx(tx: Executor, request: CreditNoteRequest): Promise<IssuedDocument | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, request.orderId), eq(invoices.kind, "invoice")))
    .for("update");
  if (!invoice) return null;
  const orderLineRows = await tx.select().from(orderLines).where(eq(orderLines.orderId, request.orderId)).orderBy(asc(orderLines.id));
  const earlier = await creditedSoFar(
    tx,
    invoice,
    orderLineRows.map((l) => l.id),
  );
  const takenOf = (id: number) => earlier.byLine.get(id) ?? { units: 0, totalCents: 0, taxCents: 0, discountCents: 0 };
  const whole = !request.lines;
  const wanted = whole
    ? orderLineRows.map((l) => ({ orderLineId: l.id, quantity: l.quantity - takenOf(l.id).units, totalCents: undefined })).filter((w) => w.quantity > 0)
    : request.lines!;
  const credited: InvoiceLineSnapshot[] = [];
  const taxByRate = new Map<number, number>();
  for (const w of wanted) {
    const index = orderLineRows.findIndex((l) => l.id === w.orderLineId);
    const snap = invoice.lines[index];
    if (index < 0 || !snap) throw new Error(`Order ${request.orderId} has no line ${w.orderLineId}`);
    const taken = takenOf(w.orderLineId);
    if (!Number.isInteger(w.quantity) || w.quantity < 1 || w.quantity > snap.quantity - taken.units) {
      throw new Error(`Cannot credit ${w.quantity} of the ${snap.quantity - taken.units} units left of ${snap.quantity}`);
    }
    const part = (of: "totalCents" | "taxCents" | "discountCents") => shareOfRemainder(snap[of], snap.quantity, { units: taken.units, cents: taken[of] }, w.quantity);
    const total = w.totalCents === undefined ? part("totalCents") : Math.min(w.totalCents, snap.totalCents - taken.totalCents);
    const line = { ...snap, orderLineId: w.orderLineId, quantity: w.quantity, discountCents: -part("discountCents"), taxCents: -part("taxCents"), totalCents: -total };
    credited.push(line);
    taxByRate.set(snap.taxRateBp, (taxByRate.get(snap.taxRateBp) ?? 0) + line.taxCents);
  }
  const a = invoice.amounts;
  const rate = Math.max(0, ...invoice.lines.map((l) => l.taxRateBp));
  const adjustmentLine = (cents: number, taxCents: number, title: string): InvoiceLineSnapshot => ({
    title,
    quantity: 1,
    unitCents: a.pricesIncludeTax ? cents : cents - taxCents,
    discountCents: 0,
    taxRateBp: rate,
    taxCents: -taxCents,
    totalCents: -cents,
    adjustment: true,
  });
  if (request.adjustment && request.adjustment.cents > 0) {
    // The amount is what the customer gets back, its tax inside it at the rate most of the goods carried.
    const cents = request.adjustment.cents;
    const taxCents = Math.round((cents * rate) / (10_000 + rate));
    credited.push(adjustmentLine(cents, taxCents, request.adjustment.title));
    taxByRate.set(rate, (taxByRate.get(rate) ?? 0) - taxCents);
  }
  if (whole && earlier.adjustedCents > 0) {
    // All that is left, less the amounts already given back beyond the lines: those come off again, so the notes of
    // an invoice never add up to more than it.
    credited.push(adjustmentLine(-earlier.adjustedCents, -earlier.adjustedTaxCents, formatMessage(invoice.locale === "es" ? "es" : "en", "invoices", "alreadyRefunded")));
    taxByRate.set(rate, (taxByRate.get(rate) ?? 0) + earlier.adjustedTaxCents);
  }
  const shipping = (whole || request.includeShipping) && !earlier.shipping ? a.shippingCents : 0;
  const goodsTotal = credited.reduce((s, l) => s + l.totalCents, 0);
  let shippingTotal = 0;
  if (shipping > 0) {
    // The shipping's tax is the part of the invoice's tax not carried by its lines.
    const shippingTax = a.taxCents - invoice.lines.reduce((s, l) => s + l.taxCents, 0);
    const shippingRate = [...a.taxLines].sort((x, y) => y.rateBp - x.rateBp)[0]?.rateBp ?? 0;
    if (shippingTax > 0) taxByRate.set(shippingRate, (taxByRate.get(shippingRate) ?? 0) - shippingTax);
    shippingTotal = shipping + (a.pricesIncludeTax ? 0 : shippingTax);
  }
  const taxLines = [...taxByRate.entries()].filter(([, c]) => c !== 0).sort((x, y) => y[0] - x[0]).map(([rateBp, taxCents]) => ({ rateBp, taxCents }));
  const amounts: InvoiceAmounts = {
    pricesIncludeTax: a.pricesIncludeTax,
    subtotalCents: -credited.reduce((s, l) => s + l.unitCents * l.quantity, 0),
    discountCents: credited.reduce((s, l) => s + l.discountCents, 0),
    discounts: [],
    shippingCents: -shipping,
    shippingLabel: a.shippingLabel,
    pickup: a.pickup,
    taxLines,
    taxCents: taxLines.reduce((s, t) => s + t.taxCents, 0),
    totalCents: goodsTotal - shippingTotal,
  };
  const now = request.now ?? new Date();
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: request.orderId,
      kind: "credit_note",
      ...NUMBERED_AT_COMMIT,
      year: now.getUTCFullYear(),
      locale: invoice.locale,
      currency: invoice.currency,
      seller: invoice.seller,
      buyer: invoice.buyer,
      lines: credited,
      amounts,
      correctsInvoiceId: invoice.id,
      reason: request.reason,
      issuedAt: now,
    })
    .returning();
  return row;
}

/** An order's invoice and credit notes, invoice first. */
export async function documentsForOrder(tx: Executor, orderId: number): Promise<InvoiceRow[]> {
  return tx.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}
