import { expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.BASE_URL = "http://localhost:3000";
  process.env.LOG_LEVEL = "silent";
});

// The request of the server action: each call sends the cookie set here.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));
vi.mock("next/cache", () => ({ revalidateTag: () => {}, revalidatePath: () => {}, updateTag: () => {}, unstable_cache: (fn: unknown) => fn }));

import { describeOnEachDatabase, withAppDatabase } from "../helpers/test-database";
import { getAuth } from "@/features/accounts/auth";
import { setAccountRole } from "@/features/accounts/roles-service";
import { customerNotes } from "@/server/db/schema/customers";
import { orders } from "@/server/db/schema/orders";
import { customerKeyOf } from "@/features/customers/schemas";

/* docs/product.md#admin-customers: staff and admins add notes; a customer or a visitor cannot, nor read the export. */

const owner = { userId: "usr_owner", email: "owner@example.com" };

async function signUp(email: string) {
  const auth = await getAuth();
  const response = await auth.handler(
    new Request("http://localhost:3000/api/auth/sign-up/email", {
      method: "POST",
      headers: { origin: "http://localhost:3000", "content-type": "application/json", "x-forwarded-for": "203.0.113.41" },
      body: JSON.stringify({ name: email.split("@")[0], email, password: "correct-horse-1" }),
    }),
  );
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { user } = (await response.json()) as { user: { id: string } };
  return { cookie, id: user.id };
}

describeOnEachDatabase("customer notes: who may add them", (kind) => {
  const t = withAppDatabase(kind);

  it("staff add a note; a customer and a visitor are refused and nothing is written; the export answers staff only", async () => {
    const { addCustomerNoteAction } = await import("@/features/customers/admin-actions");
    const { GET } = await import("@/app/api/admin/customers.csv/route");
    const staff = await signUp(`staff-${kind}@example.com`);
    const shopper = await signUp(`shopper-${kind}@example.com`);
    await setAccountRole(t.db, owner, { email: `staff-${kind}@example.com`, role: "staff" });
    await t.db.insert(orders).values({ email: "Guest@Example.com", status: "completed", currency: "EUR", subtotalCents: 1_000, totalCents: 1_000 });
    const note = (customer: string, body: string) => addCustomerNoteAction({ customer, body });
    const csv = (cookie?: string) => GET(new Request("http://localhost:3000/api/admin/customers.csv?q=guest", { headers: cookie ? { cookie } : {} }));

    request.headers = new Headers();
    expect(await note(customerKeyOf({ userId: shopper.id, email: "" }), "by nobody")).toMatchObject({ ok: false });
    expect((await csv()).status).toBe(401);
    request.headers = new Headers({ cookie: shopper.cookie });
    expect(await note(customerKeyOf({ userId: shopper.id, email: "" }), "by the customer")).toMatchObject({ ok: false });
    expect((await csv(shopper.cookie)).status).toBe(403);
    expect(await t.db.select().from(customerNotes)).toEqual([]);

    request.headers = new Headers({ cookie: staff.cookie });
    expect(await note(customerKeyOf({ userId: shopper.id, email: "" }), "  Called about the size  ")).toEqual({ ok: true, value: undefined });
    expect(await note(customerKeyOf({ userId: null, email: "guest@example.com" }), "Guest note")).toMatchObject({ ok: true });
    // Bad input and unknown customers change nothing, with a sentence a person can act on.
    const empty = await note(customerKeyOf({ userId: shopper.id, email: "" }), "   ");
    expect(empty).toMatchObject({ ok: false });
    const unknown = await note(customerKeyOf({ userId: "usr_nobody", email: "" }), "x");
    expect(unknown).toMatchObject({ ok: false, error: "This customer does not exist (any more). Go back to the customer list." });
    const rows = await t.db.select({ body: customerNotes.body, userId: customerNotes.userId, guestEmail: customerNotes.guestEmail, author: customerNotes.authorEmail }).from(customerNotes);
    expect(rows).toEqual(
      expect.arrayContaining([
        { body: "Called about the size", userId: shopper.id, guestEmail: null, author: `staff-${kind}@example.com` },
        { body: "Guest note", userId: null, guestEmail: "guest@example.com", author: `staff-${kind}@example.com` },
      ]),
    );
    expect(rows).toHaveLength(2);

    const exported = await csv(staff.cookie);
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text.trim().split("\r\n")).toEqual(["email,name,type,orders,total_spent,currency,last_order_at", expect.stringMatching(/^guest@example\.com,,guest,1,10\.00,EUR,\d{4}-/)]);
  });
});
