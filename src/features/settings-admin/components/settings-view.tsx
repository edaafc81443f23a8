import "server-only";
import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { anyOrderExists } from "@/features/orders/queries";
import type { Locale } from "@/i18n/routing";
import type { Db } from "@/server/db/client";
import { outboxCounts } from "@/server/mail/outbox-admin";
import { shopSettings } from "@/features/settings/queries";
import { knownTimeZones, type SettingsSection } from "@/features/settings/schemas";
import { SettingsSectionForm, type SettingsField } from "./section-form";
import { LogoUpload, MailTools } from "./store-extras";

/**
 * /admin/settings (docs/product.md#settings): one card and one form per section, each saved on its own. Labels are
 * read here, on the server, and handed to the forms, so the browser gets no message namespace of its own.
 */
export async function SettingsView({ db, locale, adminEmail }: { db: Db; locale: Locale; adminEmail: string }) {
  const [t, s, ordersExist, outbox] = await Promise.all([getTranslations({ locale, namespace: "settings" }), shopSettings(db), anyOrderExists(db), outboxCounts(db)]);
  const texts = { save: t("save"), saved: t("saved") };
  const f = (name: string, kind: SettingsField["kind"], label: string, extra: Partial<SettingsField> = {}): SettingsField => ({ name, kind, label, ...extra });

  const sections: Array<{ section: SettingsSection; fields: SettingsField[]; extra?: React.ReactNode; note?: string }> = [
    {
      section: "store",
      fields: [f("name", "text", t("fields.name")), f("email", "email", t("fields.email")), f("phone", "tel", t("fields.phone")), f("address", "textarea", t("fields.address")),
        f("timeZone", "select", t("fields.timeZone"), { hint: t("fields.timeZoneHint"), options: knownTimeZones.map((value) => ({ value, label: value.replaceAll("_", " ") })) }),
      ],
      extra: (
        <LogoUpload
          logoUrl={s.store.logoUrl}
          storeName={s.store.name}
          texts={{
            label: t("fields.logo"),
            hint: t("logo.hint"),
            none: t("logo.none"),
            upload: t("logo.upload"),
            replace: t("logo.replace"),
            remove: t("logo.remove"),
            uploaded: t("logo.uploaded"),
            removed: t("logo.removed"),
          }}
        />
      ),
    },
    {
      section: "seller",
      fields: [f("legalName", "text", t("fields.legalName"), { hint: t("fields.legalNameHint") }), f("taxId", "text", t("fields.taxId")), f("address", "textarea", t("fields.sellerAddress"))],
    },
    {
      section: "money",
      fields: [f("currency", "text", t("fields.currency"), { disabled: ordersExist })],
      note: ordersExist ? t("money.locked", { currency: s.money.currency }) : undefined,
    },
    {
      section: "checkout",
      fields: [
        f("guestCheckout", "checkbox", t("fields.guestCheckout")),
        f("reservationSeconds", "number", t("fields.reservationMinutes"), { scale: 60 }),
        f("reminders", "checkbox", t("fields.reminders")),
        f("reminderAfterMinutes", "number", t("fields.reminderAfterMinutes")),
      ],
    },
    {
      section: "returns",
      fields: [
        f("windowDays", "number", t("fields.windowDays")),
        f("shippingRefund", "select", t("fields.shippingRefund"), {
          options: (["full_return", "always", "never"] as const).map((value) => ({ value, label: t(`fields.shippingRefundOptions.${value}`) })),
        }),
      ],
    },
    { section: "stock", fields: [f("lowStockThreshold", "number", t("fields.lowStockThreshold"))] },
    {
      section: "mail",
      fields: [f("fromName", "text", t("fields.fromName"), { hint: t("fields.fromNameHint") }), f("fromAddress", "email", t("fields.fromAddress"), { hint: t("fields.fromAddressHint") })],
      extra: (
        <MailTools
          outbox={t("mail.outbox", outbox)}
          texts={{ sendTest: t("mail.sendTest"), queued: t("mail.testQueued", { email: adminEmail }), openOutbox: t("mail.openOutbox") }}
        />
      ),
    },
  ];

  return (
    <div className="min-w-0 space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="max-w-3xl text-muted-foreground">{t("intro")}</p>
      {sections.map(({ section, fields, extra, note }) => (
        <Card key={section} id={section} data-testid={`settings-${section}`}>
          <CardHeader>
            <CardTitle className="text-lg">{t(`sections.${section}.title`)}</CardTitle>
            <p className="text-sm text-muted-foreground">{t(`sections.${section}.hint`)}</p>
          </CardHeader>
          <CardContent className="grid gap-3">
            {note ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid={`settings-${section}-note`}>
                {note}
              </p>
            ) : null}
            <SettingsSectionForm section={section} fields={fields} values={s[section] as Record<string, string | number | boolean | null>} texts={texts}>
              {extra}
            </SettingsSectionForm>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
