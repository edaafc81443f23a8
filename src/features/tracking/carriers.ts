/*
 * Carriers a parcel can be shipped with (docs/product.md#tracking). Each known carrier has a tracking-address
 * template with {tracking} where the number goes; CARRIER_TRACKING_URLS (README) overrides any of them. "other" has no
 * template: the admin types the whole address.
 */

export const carriers = ["correos", "seur", "mrw", "dhl", "ups", "fedex", "usps", "other"] as const;
export type Carrier = (typeof carriers)[number];

export const carrierNames: Record<Carrier, string> = {
  correos: "Correos",
  seur: "SEUR",
  mrw: "MRW",
  dhl: "DHL",
  ups: "UPS",
  fedex: "FedEx",
  usps: "USPS",
  other: "Other",
};

const defaultTemplates: Record<Exclude<Carrier, "other">, string> = {
  correos: "https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number={tracking}",
  seur: "https://www.seur.com/livetracking/?segOnlineIdentificador={tracking}",
  mrw: "https://www.mrw.es/seguimiento_envios/MRW_resultados_consultas.asp?modo=nacional&envio={tracking}",
  dhl: "https://www.dhl.com/global-en/home/tracking.html?tracking-id={tracking}",
  ups: "https://www.ups.com/track?tracknum={tracking}",
  fedex: "https://www.fedex.com/fedextrack/?trknbr={tracking}",
  usps: "https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}",
};

/** The templates in force: the defaults above with the CARRIER_TRACKING_URLS overrides (already validated by env.ts). */
export function trackingTemplates(overrides: string | undefined): Record<Exclude<Carrier, "other">, string> {
  const templates = { ...defaultTemplates };
  for (const entry of (overrides ?? "").split(";")) {
    const at = entry.indexOf("=");
    if (at <= 0) continue;
    const name = entry.slice(0, at) as keyof typeof templates;
    if (name in templates) templates[name] = entry.slice(at + 1);
  }
  return templates;
}

export type Shipment = { carrier: string; trackingNumber: string; trackingUrl: string | null };

/** The address a shopper follows to see the parcel, or null when there is none to show. */
export function trackingLink(shipment: Shipment, overrides: string | undefined): string | null {
  if (shipment.carrier === "other") return shipment.trackingUrl;
  const template = trackingTemplates(overrides)[shipment.carrier as Exclude<Carrier, "other">];
  return template ? template.replace("{tracking}", encodeURIComponent(shipment.trackingNumber)) : null;
}

export function carrierName(carrier: string): string {
  return carrierNames[carrier as Carrier] ?? carrier;
}
