"use client";

import { useTranslations } from "@/i18n/client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { correctTrackingAction } from "../admin-actions";
import { carrierName } from "../carriers";
import { TrackingDialog } from "./tracking-dialog";

/** The parcel of a shipped order in the back-office, with 'Edit tracking' to correct it (audit-logged). */
export function AdminTrackingCard({
  orderId,
  shipment,
  link,
}: {
  orderId: number;
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  link: string | null;
}) {
  const t = useTranslations("fulfilment.tracking");
  const [editing, setEditing] = useState(false);
  return (
    <div className="grid gap-2 text-sm" data-testid="admin-tracking">
      {shipment ? (
        <p>
          {t("carrierLine", { carrier: shipment.carrier === "other" ? t("otherCarrier") : carrierName(shipment.carrier), number: shipment.trackingNumber })}
          {link ? (
            <>
              {" · "}
              <a href={link} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
                {t("trackLink")}
              </a>
            </>
          ) : null}
        </p>
      ) : (
        <p className="text-muted-foreground">{t("noTracking")}</p>
      )}
      <div>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          {t("edit")}
        </Button>
      </div>
      <TrackingDialog
        open={editing}
        onOpenChange={setEditing}
        title={t("editTitle", { id: orderId })}
        submitLabel={t("saveTracking")}
        successText={t("savedToast", { id: orderId })}
        initial={shipment}
        submit={(tracking) => correctTrackingAction(orderId, tracking)}
      />
    </div>
  );
}
