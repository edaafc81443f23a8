import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { deliverOutboxOverSmtp, unfoldHeaders } from "../helpers/smtp-delivery";
import { CONTACT_RULES, contactMessagesOf, forgetContactMessagesFrom, listContactMessages, submitContactMessage } from "@/features/contact/service";
import { contactMessages } from "@/server/db/schema/contact";
import { mailOutbox } from "@/server/db/schema/operations";

const shop = { email: "owner@shop.test", storeName: "Vitrina" };
let n = 0;
const sender = () => `writer${process.pid}_${++n}@example.com`;
const client = () => `10.9.${process.pid % 250}.${++n % 250}`;
const message = (email: string, extra: Record<string, unknown> = {}) => ({
  name: "Ana Gómez",
  email,
  message: "Do you ship to the Canary Islands?\n\nThanks!",
  locale: "es",
  website: "",
  ...extra,
});

describeOnEachDatabase("contact form", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedFrom = (email: string) => t.db.select().from(contactMessages).where(eq(contactMessages.email, email));

  it("stores the message and writes one outbox row to the shop's address with Reply-To the sender", async () => {
    const email = sender();
    expect(await submitContactMessage(t.db, message(` ${email.toUpperCase()} `), client(), shop)).toEqual({ ok: true });
    const [stored] = await storedFrom(email);
    expect(stored).toMatchObject({ name: "Ana Gómez", email, message: "Do you ship to the Canary Islands?\n\nThanks!", locale: "es" });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.mailId!));
    expect(mail).toMatchObject({ toAddress: "owner@shop.test", kind: "contact-message", status: "pending", headers: { "Reply-To": email } });
    expect(mail.subject).toBe("Vitrina: message from Ana Gómez");
    expect(mail.text).toContain(`Ana Gómez (${email})`);
    expect(mail.text).toContain("Do you ship to the Canary Islands?");
  });

  it("escapes the sender's words in the HTML part", async () => {
    const email = sender();
    await submitContactMessage(t.db, message(email, { name: "<b>Eve</b>", message: "<script>alert(1)</script> hello there" }), client(), shop);
    const [stored] = await storedFrom(email);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.mailId!));
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toContain("<b>Eve</b>");
  });

  it("refuses bad input field by field and changes nothing", async () => {
    const email = sender();
    const before = await t.db.select().from(mailOutbox);
    const result = await submitContactMessage(t.db, { name: " ", email: "not-an-address", message: "short", locale: "en", website: "" }, client(), shop);
    expect(result).toEqual({ ok: false, reason: "invalid", fieldErrors: { name: "nameRequired", email: "emailInvalid", message: "messageTooShort" } });
    expect(await submitContactMessage(t.db, message(email, { name: "Ana\r\nBcc: x@example.com" }), client(), shop)).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { name: "nameInvalid" },
    });
    expect(await submitContactMessage(t.db, message(email, { message: "x".repeat(5001) }), client(), shop)).toMatchObject({ fieldErrors: { message: "messageTooLong" } });
    expect(await submitContactMessage(t.db, {}, client(), shop)).toMatchObject({ fieldErrors: { name: "nameRequired", email: "emailRequired", message: "messageRequired" } });
    expect(await storedFrom(email)).toEqual([]);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it("a filled honeypot is answered as sent, but nothing is stored or mailed", async () => {
    const email = sender();
    const before = await t.db.select().from(mailOutbox);
    expect(await submitContactMessage(t.db, message(email, { website: "http://spam.example" }), client(), shop)).toEqual({ ok: true });
    // Even when the robot also got other fields wrong, it learns nothing.
    expect(await submitContactMessage(t.db, { name: "", email: "x", message: "", website: "buy" }, client(), shop)).toEqual({ ok: true });
    expect(await storedFrom(email)).toEqual([]);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it("limits messages per sender address, whatever the client", async () => {
    const email = sender();
    for (let i = 0; i < CONTACT_RULES.email; i++) expect(await submitContactMessage(t.db, message(email), client(), shop)).toEqual({ ok: true });
    const refused = await submitContactMessage(t.db, message(email.toUpperCase()), client(), shop);
    expect(refused).toMatchObject({ ok: false, reason: "rate_limited" });
    expect(refused.ok === false && refused.reason === "rate_limited" && refused.retryAfter).toBeGreaterThan(0);
    expect(await storedFrom(email)).toHaveLength(CONTACT_RULES.email);
  });

  it("limits messages per client address, whatever the sender", async () => {
    const from = client();
    for (let i = 0; i < CONTACT_RULES.client; i++) expect(await submitContactMessage(t.db, message(sender()), from, shop)).toEqual({ ok: true });
    const email = sender();
    expect(await submitContactMessage(t.db, message(email), from, shop)).toMatchObject({ ok: false, reason: "rate_limited" });
    expect(await storedFrom(email)).toEqual([]);
    // Another client is not affected.
    expect(await submitContactMessage(t.db, message(email), client(), shop)).toEqual({ ok: true });
  });

  it("lists received messages newest first, a page at a time; exports and forgets an address's messages", async () => {
    const older = Array.from({ length: 25 }, (_, i) => ({ name: `Reader ${i}`, email: sender(), message: `Older message ${i}`, locale: "en" }));
    await t.db.insert(contactMessages).values(older);
    const email = sender();
    await submitContactMessage(t.db, message(email, { message: "The newest message of all." }), client(), shop);
    const first = await listContactMessages(t.db);
    expect(first.page).toBe(1);
    expect(first.rows[0]).toMatchObject({ email, message: "The newest message of all." });
    expect(first.rows).toHaveLength(20);
    expect(first.total).toBeGreaterThan(25);
    expect(first.pageCount).toBe(Math.ceil(first.total / 20));
    const second = await listContactMessages(t.db, { page: 2 });
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0].id);
    expect(await listContactMessages(t.db, { page: -3 })).toMatchObject({ page: 1 });
    expect(await contactMessagesOf(t.db, email)).toEqual([expect.objectContaining({ email, message: "The newest message of all.", language: "es" })]);
    const [{ mailId }] = await storedFrom(email);
    const others = (await t.db.select().from(mailOutbox)).filter((m) => m.id !== mailId).length;
    await forgetContactMessagesFrom(t.db, email);
    expect(await storedFrom(email)).toEqual([]);
    // The mail that carried the message to the shop goes with it; the shop's other mail stays.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId!))).toEqual([]);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(others);
  });

  it("the outbox delivers it to a real SMTP receiver, to the shop's address with the sender as Reply-To", async () => {
    const email = sender();
    await submitContactMessage(t.db, message(email, { name: "Bruno Díaz" }), client(), shop);
    const received = await deliverOutboxOverSmtp(t.db);
    const wire = received.find((m) => unfoldHeaders(m.raw).includes(`Reply-To: ${email}`));
    expect(wire?.to).toEqual(["owner@shop.test"]);
    expect(unfoldHeaders(wire!.raw)).toMatch(/^Subject: .+$/m);
  });
});
