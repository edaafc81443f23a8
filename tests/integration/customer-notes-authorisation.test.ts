import { expect, it, vi } from "vitest";
import "../helpers/auth-test-env";
import { callAs } from "../helpers/signed-in-caller";

// The server action's request carries the cookie the case sets with callAs.
vi.mock("next/headers", () => import("../helpers/signed-in-caller"));
vi.mock("next/cache", () => import("../helpers/signed-in-caller"));

import { describeOnEachDatabase, withAppDatabase } from "../helpers/test-database";
import { signUpWithSession } from "../helpers/auth-session";
import { authTestOrigin } from "../helpers/auth-handler";
import { setAccountRole } from "@/features/accounts/roles-service";
import { customerNotes } from "@/server/db/schema/customers";
import { orders } from "@/server/db/schema/orders";
import { customerKeyOf } from "@/features/customers/schemas";

/* docs/product.md#admin-customers: staff and admins add notes; a customer or a visitor cannot, nor read the export. */

const owner = { userId: "usr_owner", email: "owner@example.com" };

async function signUp(email: string) {
  const { id, allCookies } = await signUpWithSession(authTestOrigin, { name: email.split("@")[0], email, address: "203.0.113.41" });
  return { cookie: allCookies, id };
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

    callAs();
    expect(await note(customerKeyOf({ userId: shopper.id, email: "" }), "by nobody")).toMatchObject({ ok: false });
    expect((await csv()).status).toBe(401);
    callAs(shopper.cookie);
    expect(await note(customerKeyOf({ userId: shopper.id, email: "" }), "by the customer")).toMatchObject({ ok: false });
    expect((await csv(shopper.cookie)).status).toBe(403);
    expect(await t.db.select().from(customerNotes)).toEqual([]);

    callAs(staff.cookie);
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
