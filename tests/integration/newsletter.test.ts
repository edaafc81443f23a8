import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { confirmSubscription, listSubscribers, sendIssue, SUBSCRIBE_RULE, subscribe, subscriberCounts, unsubscribe } from "@/features/newsletter/service";
import { setDatabaseForTests } from "@/server/db/client";
import { mailOutbox } from "@/server/db/schema/operations";
import { newsletterSubscribers } from "@/server/db/schema/newsletter";
import { queryRows } from "@/server/db/rows";
import "./checkout-fixtures";
import { deliverOutboxOverSmtp, unfoldHeaders } from "../helpers/smtp-delivery";

const ctx = { baseUrl: "http://shop.test", storeName: "Vitrina" };
let n = 0;
const address = () => `reader${process.pid}_${++n}@example.com`;
const client = () => `10.0.0.${++n}`;

describeOnEachDatabase("newsletter", (kind) => {
  let t: TestDatabase;
  let POST: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
    ({ POST } = await import("@/app/api/newsletter/unsubscribe/route"));
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id);
  const tokenIn = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it("double opt-in: stores a pending address, mails a link in the shopper's language, confirms only through it", async () => {
    const email = address();
    expect(await subscribe(t.db, { email: `  ${email.toUpperCase()} `, locale: "es" }, client(), ctx)).toEqual({ ok: true });
    const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row.status).toBe("pending");
    const [mail] = await mailsTo(email);
    expect(mail.kind).toBe("newsletter-confirm");
    expect(mail.subject).toBe("Confirma tu suscripción a Vitrina");
    expect(mail.text).toContain("http://shop.test/es/newsletter/confirm?token=");
    expect(await confirmSubscription(t.db, "x".repeat(32))).toBeNull();
    expect(await confirmSubscription(t.db, tokenIn(mail.text))).toEqual({ email });
    const [confirmed] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(confirmed.status).toBe("confirmed");
    expect(confirmed.locale).toBe("es");
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);
    // Following the link again keeps the first confirmation date.
    await confirmSubscription(t.db, tokenIn(mail.text));
    const [again] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(again.confirmedAt?.getTime()).toBe(confirmed.confirmedAt?.getTime());
  });

  it("answers the same for a known address and does not mail a confirmed subscriber again", async () => {
    const email = address();
    await subscribe(t.db, { email, locale: "en" }, client(), ctx);
    await confirmSubscription(t.db, tokenIn((await mailsTo(email))[0].text));
    expect(await subscribe(t.db, { email, locale: "en" }, client(), ctx)).toEqual({ ok: true });
    expect(await mailsTo(email)).toHaveLength(1);
    // A pending address typed in again within the resend window gets no second message either.
    const pending = address();
    await subscribe(t.db, { email: pending, locale: "en" }, client(), ctx);
    expect(await subscribe(t.db, { email: pending, locale: "en" }, client(), ctx)).toEqual({ ok: true });
    expect(await mailsTo(pending)).toHaveLength(1);
  });

  it("refuses an invalid address and limits sign-ups per client", async () => {
    expect(await subscribe(t.db, { email: "not-an-address", locale: "en" }, client(), ctx)).toEqual({ ok: false, reason: "invalid" });
    const from = client();
    for (let i = 0; i < SUBSCRIBE_RULE.max; i++) expect((await subscribe(t.db, { email: address(), locale: "en" }, from, ctx)).ok).toBe(true);
    const refused = address();
    const result = await subscribe(t.db, { email: refused, locale: "en" }, from, ctx);
    expect(result).toMatchObject({ ok: false, reason: "rate_limited" });
    expect(await mailsTo(refused)).toHaveLength(0);
  });

  it("every issue carries the one-click unsubscribe headers; a POST to it unsubscribes and the next issue skips the address", async () => {
    const email = address();
    await subscribe(t.db, { email, locale: "en" }, client(), ctx);
    const token = tokenIn((await mailsTo(email))[0].text)!;
    await confirmSubscription(t.db, token);
    await sendIssue(t.db, { en: { subject: "Spring arrivals", text: "New bags.\n\nSee you soon." }, es: { subject: "Novedades", text: "Bolsos nuevos." } }, ctx);
    const issue = (await mailsTo(email)).find((m) => m.kind === "newsletter")!;
    expect(issue.subject).toBe("Spring arrivals");
    expect(issue.headers).toEqual({
      "List-Unsubscribe": `<http://shop.test/api/newsletter/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(issue.text).toContain(`http://shop.test/newsletter/unsubscribe?token=${token}`);

    const oneClick = issue.headers!["List-Unsubscribe"].slice(1, -1);
    const response = await POST(new Request(oneClick, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }));
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row.status).toBe("unsubscribed");
    expect((await POST(new Request("http://shop.test/api/newsletter/unsubscribe?token=nope", { method: "POST" }))).status).toBe(404);

    await sendIssue(t.db, { en: { subject: "Summer", text: "Hi" }, es: { subject: "Verano", text: "Hola" } }, ctx);
    expect((await mailsTo(email)).filter((m) => m.kind === "newsletter")).toHaveLength(1);
    // Subscribing again starts over with a new confirmation (and a new token: the old links stop working).
    await subscribe(t.db, { email, locale: "en" }, client(), ctx);
    const mails = await mailsTo(email);
    expect(mails.at(-1)?.kind).toBe("newsletter-confirm");
    expect(tokenIn(mails.at(-1)!.text)).not.toBe(token);
    expect(await unsubscribe(t.db, token)).toBeNull();
  });

  it("the one-click headers reach the wire: the delivery worker hands them to SMTP with the issue", async () => {
    const email = address();
    await subscribe(t.db, { email, locale: "en" }, client(), ctx);
    const token = tokenIn((await mailsTo(email))[0].text)!;
    await confirmSubscription(t.db, token);
    await sendIssue(t.db, { en: { subject: "Autumn", text: "Coats." }, es: { subject: "Otoño", text: "Abrigos." } }, ctx);
    // The worker as the server runs it, with the SMTP transport the settings name; every due row goes to the receiver.
    const received = await deliverOutboxOverSmtp(t.db);
    const wire = received.find((m) => m.to.includes(email) && m.raw.includes("Subject: Autumn"));
    expect(unfoldHeaders(wire?.raw ?? "")).toContain(`List-Unsubscribe: <http://shop.test/api/newsletter/unsubscribe?token=${token}>`);
    expect(wire?.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const confirmation = received.find((m) => m.to.includes(email) && !m.raw.includes("Subject: Autumn"));
    expect(confirmation?.raw).not.toContain("List-Unsubscribe");
  });

  it("counts and lists subscribers for the admin", async () => {
    const counts = await subscriberCounts(t.db);
    const rows = await queryRows<{ status: string; n: number }>(t.db, sql`select status, count(*)::int as n from newsletter_subscribers group by status`);
    for (const r of rows) expect(counts[r.status as "pending"]).toBe(r.n);
    expect((await listSubscribers(t.db, { limit: 1000 })).length).toBe(rows.reduce((s, r) => s + r.n, 0));
  });
});
