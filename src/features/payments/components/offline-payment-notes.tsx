import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { formatMoney } from "@/lib/money";
import type { BankTransferSettings } from "@/server/db/schema/payment-methods";

/**
 * What a shopper who chose a bank transfer needs to pay (docs/product.md#payment-methods): the amount, the shop's
 * account and the order number as the transfer's reference. The confirmation email says the same.
 */
export async function TransferInstructions({ order, account, locale }: { order: { id: number; totalCents: number; currency: string }; account: BankTransferSettings; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "paymentMethods.success" });
  const rows: [string, string, string][] = [
    ["amount", t("amount"), formatMoney(order.totalCents, order.currency, locale)],
    ["holder", t("holder"), account.accountHolder],
    ["account", t("account"), account.account],
    ["bank", t("bank"), account.bankName],
    ["reference", t("reference"), String(order.id)],
  ];
  return (
    <section className="mt-6 w-full max-w-sm rounded-md border border-amber-300 bg-amber-50 p-4 text-left text-sm text-amber-950" data-testid="transfer-instructions">
      <h2 className="text-base font-semibold">{t("transferTitle")}</h2>
      <p className="mt-1">{t("transferText")}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(([key, label, value]) => (
          <div key={key} className="contents">
            <dt className="text-amber-900/80">{label}</dt>
            <dd className="break-all font-medium" data-testid={`transfer-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Cash on delivery: the amount the carrier collects (docs/product.md#payment-methods). */
export async function CashOnDeliveryNote({ order, locale }: { order: { totalCents: number; currency: string }; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "paymentMethods.success" });
  return (
    <section className="mt-6 w-full max-w-sm rounded-md border p-4 text-left text-sm" data-testid="cash-on-delivery-note">
      <h2 className="text-base font-semibold">{t("codTitle")}</h2>
      <p className="mt-1">{t("codText", { amount: formatMoney(order.totalCents, order.currency, locale) })}</p>
    </section>
  );
}
