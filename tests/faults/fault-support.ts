/*
 * HTTP helpers shared by the fault specs: buyers sign up, check out and pay over the real routes (as
 * bench/checkout-load.mjs does), and an administrator reads the order list back through the CSV export.
 */

export const ADDRESS = {
  firstName: "Marta",
  lastName: "Ruiz",
  phone: "+34 600 000 000",
  address: "Calle Mayor 1",
  city: "Madrid",
  state: "",
  zipCode: "28001",
  country: "ES",
};

export const faultAdmin = { email: "faults-admin@vitrina-e2e.test", password: "faults-admin-password-1", name: "Faults Admin" };

export function adminEnv(): Record<string, string> {
  return { ADMIN_EMAIL: faultAdmin.email, ADMIN_PASSWORD: faultAdmin.password, ADMIN_NAME: faultAdmin.name };
}

export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers a value other than undefined; throws with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await sleep(500);
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
}

/** Signs up `count` buyers; each gets its own client address (the server trusts X-Forwarded-For) to stay under the sign-up rate limit. */
export async function signUpBuyers(baseURL: string, count: number, tag: string): Promise<Array<{ email: string; cookie: string }>> {
  const run = `${tag}${Date.now().toString(36)}`;
  const buyers: Array<{ email: string; cookie: string }> = [];
  // A few at a time: sign-up hashes a password (CPU-heavy), and a test runner may have few cores for many processes.
  for (let start = 0; start < count; start += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, count - start) }, async (_, k) => {
        const i = start + k;
        const email = `fault.${run}.${i}@example.com`;
        const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: baseURL, "x-forwarded-for": `10.88.${i}.${(Date.now() % 200) + 1}` },
          body: JSON.stringify({ name: `Fault Buyer ${i}`, email, password: "fault-password-1" }),
        });
        if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
        return { email, cookie: cookieOf(response) };
      }),
    );
    buyers.push(...batch);
  }
  return buyers;
}

export async function signInAdmin(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email: faultAdmin.email, password: faultAdmin.password }),
  });
  if (!response.ok) throw new Error(`admin sign-in answered ${response.status}`);
  return cookieOf(response);
}

export type AdminOrderRow = { orderId: number; email: string; status: string; total: string; provider: string };

/** The administrator's order export (GET /api/admin/orders.csv), optionally filtered by status. */
export async function adminOrders(baseURL: string, cookie: string, status?: string): Promise<AdminOrderRow[]> {
  const response = await fetch(`${baseURL}/api/admin/orders.csv${status ? `?status=${status}` : ""}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`orders.csv answered ${response.status}`);
  const [, ...rows] = (await response.text()).trim().split(/\r?\n/);
  // No field of ours holds a comma or quote (ids, dates, emails, statuses, amounts), so a plain split is enough.
  return rows.map((line) => {
    const [orderId, , email, status, total, , , , provider] = line.split(",").map((f) => f.replace(/^"|"$/g, ""));
    return { orderId: Number(orderId), email, status, total, provider };
  });
}

type Variant = { id: string; manage_inventory: boolean; inventory_quantity: number };
type Product = { id: string; purchasable: boolean; variants: Variant[] };

export async function catalog(baseURL: string): Promise<Product[]> {
  const { products } = (await (await fetch(`${baseURL}/api/store/main/products?limit=100`)).json()) as { products: Product[] };
  return products.filter((p) => p.purchasable);
}

export async function inventoryOf(baseURL: string, productId: string, variantId: string): Promise<number> {
  const response = await fetch(`${baseURL}/api/store/main/variants?fields=inventory_quantity&product_ids[]=${encodeURIComponent(productId)}`);
  const { variants } = (await response.json()) as { variants: Variant[] };
  const found = variants.find((v) => v.id === variantId);
  if (!found) throw new Error(`variant ${variantId} not listed`);
  return found.inventory_quantity;
}
