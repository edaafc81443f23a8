import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { settings } from "@/server/env";
import { carrierName, trackingLink } from "../carriers";
import type { ShipmentRow } from "../service";

/** The parcel of a shipped order on the profile: carrier, number and the link to follow it (docs/product.md#tracking). */
export async function OrderTracking({ shipment, locale }: { shipment: ShipmentRow; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "fulfilment.tracking" });
  const link = trackingLink(shipment, settings().CARRIER_TRACKING_URLS);
  const carrier = shipment.carrier === "other" ? t("otherCarrier") : carrierName(shipment.carrier);
  return (
    <p className="mt-3 border-t pt-3 text-sm" data-testid="order-tracking">
      {t("profileLine", { carrier, number: shipment.trackingNumber })}
      {link ? (
        <>
          {" · "}
          <a href={link} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-4" data-testid="tracking-link">
            {t("profileTrack")}
          </a>
        </>
      ) : null}
    </p>
  );
}
