// The checkout measure: `buyers` shoppers signed up through /api/auth, each looping checkout → demo payment
// confirmation for `durationMs`, all over HTTP against the real routes. Every order carries an always-available
// variant; until a buyer is refused "out of stock", it also carries one unit of the catalog's scarcest managed
// variant, so the first seconds are a race for the last units. Oversell = units sold beyond the starting stock.

const ADDRESS = {
  firstName: "Marta",
  lastName: "Ruiz",
  phone: "+34 600 000 000",
  address: "Calle Mayor 1",
  city: "Madrid",
  state: "",
  zipCode: "28001",
  country: "ES",
};

function cookieOf(response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function inventoryOf(target, productId, variantId) {
  const response = await fetch(`${target}/api/store/main/variants?fields=inventory_quantity&product_ids[]=${encodeURIComponent(productId)}`);
  const { variants } = await response.json();
  return variants.find((v) => v.id === variantId)?.inventory_quantity ?? Number.NaN;
}

/**
 * `target`: where to connect (http://127.0.0.1:port); `origin`: the shop's BASE_URL origin, sent as Origin so the
 * server's same-origin checks pass as they do for its own pages.
 */
export async function runCheckoutLoad({ target, origin, buyers = 20, durationMs = 20_000, race = true }) {
  const { products } = await (await fetch(`${target}/api/store/main/products?limit=100`)).json();
  const sellable = products.filter((p) => p.purchasable);
  const open = sellable.flatMap((p) => p.variants.filter((v) => !v.manage_inventory).map((v) => ({ product: p, variant: v })));
  // `race: false` (a warm-up) leaves the scarce units alone, so the measured run that follows races for all of them.
  const limited = !race ? undefined : sellable
    .flatMap((p) => p.variants.filter((v) => v.manage_inventory && v.inventory_quantity > 0).map((v) => ({ product: p, variant: v })))
    .sort((a, b) => b.variant.inventory_quantity - a.variant.inventory_quantity)[0];
  if (open.length === 0) throw new Error("no variant without managed inventory to buy");
  const initialStock = limited ? await inventoryOf(target, limited.product.id, limited.variant.id) : 0;

  // Sign-up is rate-limited per client address; the bench server trusts X-Forwarded-For so each buyer is its own client.
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const cookies = await Promise.all(
    Array.from({ length: buyers }, async (_, i) => {
      const response = await fetch(`${target}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, "x-forwarded-for": `10.77.${i}.${(Date.now() % 200) + 1}` },
        body: JSON.stringify({ name: `Bench Buyer ${i}`, email: `bench.${run}.${i}@example.com`, password: "bench-password-1" }),
      });
      if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      return cookieOf(response);
    }),
  );

  let completed = 0;
  let soldLimited = 0;
  let failures = 0;
  const failureCodes = new Map();
  const latencies = [];
  const started = performance.now();
  const deadline = started + durationMs;

  await Promise.all(
    cookies.map(async (cookie, i) => {
      let wantsLimited = Boolean(limited);
      let n = 0;
      while (performance.now() < deadline) {
        const pick = open[(i + n++) % open.length];
        const items = [{ variant_id: pick.variant.id, quantity: 1 }];
        if (wantsLimited) items.push({ variant_id: limited.variant.id, quantity: 1 });
        const t0 = performance.now();
        const checkout = await fetch(`${target}/api/store/main/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", origin, cookie },
          body: JSON.stringify({ items, successUrl: `${origin}/success`, cancelUrl: `${origin}/store`, locale: "en" }),
        });
        const body = await checkout.json().catch(() => ({}));
        if (!checkout.ok) {
          const code = body?.error?.code ?? `http_${checkout.status}`;
          if (code === "out_of_stock" && wantsLimited) {
            wantsLimited = false;
            continue;
          }
          failures++;
          failureCodes.set(code, (failureCodes.get(code) ?? 0) + 1);
          continue;
        }
        const sessionId = decodeURIComponent(new URL(body.url).pathname.split("/").pop());
        const pay = await fetch(`${target}/api/payments/demo/${encodeURIComponent(sessionId)}/pay`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie, referer: body.url },
          body: new URLSearchParams(ADDRESS).toString(),
        });
        const location = pay.headers.get("location") ?? "";
        if (pay.status === 303 && !location.includes("/pay/")) {
          completed++;
          if (wantsLimited) soldLimited++;
          latencies.push(performance.now() - t0);
        } else {
          failures++;
          failureCodes.set(`pay_${pay.status}`, (failureCodes.get(`pay_${pay.status}`) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const finalStock = limited ? await inventoryOf(target, limited.product.id, limited.variant.id) : 0;
  return {
    ordersPerSecond: completed / seconds,
    completed,
    failures,
    failureCodes: Object.fromEntries(failureCodes),
    latencies,
    limitedVariant: limited?.variant.id ?? null,
    initialStock,
    soldLimited,
    finalStock,
    // Units sold beyond what was in stock, and units that vanished (neither sold nor left): both must be 0.
    oversell: Math.max(0, soldLimited - initialStock),
    unaccounted: initialStock - soldLimited - finalStock,
  };
}
