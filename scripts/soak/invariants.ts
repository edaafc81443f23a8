import pg from "pg";
import type { Catalog } from "./setup";

/*
 * What must hold in the database after the load, whatever the interleaving (docs/operations.md#soak):
 *   - stock adds up: for each pool variant, its initial stock = stock now + units in orders still holding stock
 *     (paid, shipped, or pending with a live reservation; cancelled/expired orders gave theirs back);
 *   - every paid order has exactly one applied payment and exactly one confirmation mail;
 *   - no reservation is held past its expiry (beyond the sweeper's interval and a margin).
 */

export type Invariant = { name: string; ok: boolean; detail: string };

export async function checkInvariants(databaseUrl: string, catalog: Catalog, sweepSlackSeconds: number): Promise<{ invariants: Invariant[]; facts: Record<string, number> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stock = await client.query<{ id: string; stock: number; held: number }>(
      `select v.id, v.stock, coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
          where l.variant_id = v.id and not o.stock_released and o.status <> 'cancelled'), 0)::int as held
         from variants v where v.id = any($1)`,
      [catalog.pool.map((p) => p.variantId)],
    );
    const wrongStock = catalog.pool.flatMap((p) => {
      const row = stock.rows.find((r) => r.id === p.variantId);
      return row && row.stock + row.held === p.initialStock && row.stock >= 0 ? [] : [`${p.variantId}: ${p.initialStock} ≠ ${row?.stock} + ${row?.held}`];
    });

    const paid = await client.query<{ id: number; payments: number; mails: number }>(
      `select o.id,
              (select count(*) from payment_events e where e.order_id = o.id and e.outcome = 'completed')::int as payments,
              (select count(*) from mail_outbox m where m.kind = 'order-confirmation' and m.to_address = o.email
                  and m.subject ~ ('(^|[^0-9])' || o.id || '([^0-9]|$)'))::int as mails
         from orders o where o.paid_at is not null`,
    );
    const wrongPaid = paid.rows.filter((o) => o.payments !== 1 || o.mails !== 1);

    const held = await client.query<{ n: number }>(
      `select count(*)::int as n from orders where status = 'pending' and not stock_released
          and reserved_until < now() - make_interval(secs => $1)`,
      [sweepSlackSeconds],
    );
    const facts = await client.query<{ orders: number; paid: number; cancelled: number; expired: number; pending: number; duplicates: number }>(
      `select count(*)::int as orders,
              count(*) filter (where paid_at is not null)::int as paid,
              count(*) filter (where status = 'cancelled')::int as cancelled,
              (select count(*) from order_events where type = 'status_changed' and note = 'Reservation expired without payment')::int as expired,
              count(*) filter (where status = 'pending')::int as pending,
              (select count(*) from payment_events where outcome in ('already_paid', 'duplicate'))::int as duplicates
         from orders`,
    );

    return {
      invariants: [
        { name: "stock adds up (pool variants)", ok: wrongStock.length === 0, detail: wrongStock.length ? wrongStock.join("; ") : `${catalog.pool.length} variants` },
        {
          name: "each paid order: 1 payment, 1 confirmation mail",
          ok: wrongPaid.length === 0,
          detail: wrongPaid.length ? wrongPaid.slice(0, 5).map((o) => `#${o.id}: ${o.payments} payments, ${o.mails} mails`).join("; ") : `${paid.rows.length} paid orders`,
        },
        { name: "no reservation held past its expiry", ok: held.rows[0].n === 0, detail: `${held.rows[0].n} held more than ${sweepSlackSeconds}s past expiry` },
      ],
      facts: facts.rows[0],
    };
  } finally {
    await client.end();
  }
}
