import { notFound } from "next/navigation";
import { CustomerDetailView } from "@/features/customers/components/customer-detail-view";
import { loadCustomerPage } from "@/features/customers/customer-page";
import { parseCustomerKey } from "@/features/customers/schemas";
import { openStaffPage } from "@/features/admin/page-gate";
import { shopSettings } from "@/features/settings/queries";
import { getDb } from "@/server/db/client";

type Props = { params: Promise<{ locale: string; key: string }> };

export default async function AdminCustomerPage({ params }: Props) {
  const { key } = await params;
  const { locale } = await openStaffPage(params, `/admin/customers/${key}`);
  const who = parseCustomerKey(key);
  if (!who) notFound();
  const settings = await shopSettings();
  const customer = await loadCustomerPage(await getDb(), who, settings.money.currency);
  if (!customer) notFound();
  return <CustomerDetailView locale={locale} customer={customer} currency={settings.money.currency} timeZone={settings.store.timeZone} />;
}
