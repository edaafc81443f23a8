import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Locale } from "@/i18n/routing";
import { minorToDecimal } from "@/lib/money";
import type { AdminZone } from "../admin-service";
import { MethodForm, type MethodFormValue } from "./method-form";
import { ZoneForm } from "./zone-form";

function formValue(m: AdminZone["methods"][number], currency: string): MethodFormValue {
  // "4.95" for 495 euro cents, "4990" for 4990 pesos: how the admin reads and types an amount in the forms.
  const typed = (cents: number | null) => (cents === null ? "" : minorToDecimal(cents, currency));
  const { rateCents, freeAboveCents, weightBands, createdAt: _created, updatedAt: _updated, ...rest } = m;
  return { ...rest, rate: typed(rateCents), freeAbove: typed(freeAboveCents), bands: weightBands.map((b) => `${b.upToGrams}: ${typed(b.cents)}`).join("\n") };
}

const blankMethod = (zoneId: number): MethodFormValue => ({
  id: null,
  zoneId,
  kind: "flat",
  nameEn: "",
  nameEs: "",
  deliveryEn: "",
  deliveryEs: "",
  rate: "",
  freeAbove: "",
  bands: "",
  pickupAddress: "",
  pickupHoursEn: "",
  pickupHoursEs: "",
  active: true,
  sortOrder: 0,
});

/** /admin/shipping's body (docs/product.md#shipping): each zone with its methods, then a form for a new zone. */
export async function ShippingAdmin({ zones, locale, currency }: { zones: AdminZone[]; locale: Locale; currency: string }) {
  const t = await getTranslations({ locale, namespace: "shippingZones.admin" });
  return (
    <>
      {zones.map((zone) => (
        <Card key={zone.id} data-testid="shipping-zone">
          <CardHeader>
            <CardTitle className="text-lg">{(locale === "es" && zone.nameEs) || zone.nameEn}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ZoneForm zone={{ id: zone.id, nameEn: zone.nameEn, nameEs: zone.nameEs, countries: zone.countries, sortOrder: zone.sortOrder }} />
            <h3 className="font-medium">{t("methods")}</h3>
            {zone.methods.length === 0 ? <p className="text-sm text-muted-foreground">{t("noMethods")}</p> : null}
            {zone.methods.map((m) => (
              <MethodForm key={m.id} method={formValue(m, currency)} />
            ))}
            <details className="rounded-md border p-3">
              <summary className="cursor-pointer text-sm font-medium">{t("newMethod")}</summary>
              <div className="mt-3">
                <MethodForm method={blankMethod(zone.id)} />
              </div>
            </details>
          </CardContent>
        </Card>
      ))}
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("newZone")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ZoneForm zone={{ id: null, nameEn: "", nameEs: "", countries: [], sortOrder: zones.length }} />
        </CardContent>
      </Card>
    </>
  );
}
