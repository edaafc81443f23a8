"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFormatter, useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { authClient } from "@/features/accounts/auth-client";
import { deviceAddress, deviceName } from "@/features/accounts/device-label";
import type { Device } from "@/features/accounts/devices";

/**
 * The account's signed-in devices on /profile (docs/product.md#two-factor-sign-in), read on the server (devices.ts),
 * this device first and marked, each named by browser and system ("Chrome on Windows") with its address as a person
 * reads it; "Sign out" revokes one (revokeSession), "Sign out all other devices" every one but this
 * (revokeOtherSessions). The list is drawn again from the server afterwards.
 */
export function SessionList({ devices }: { devices: Device[] }) {
  const t = useTranslations("security.sessions");
  const format = useFormatter();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function revoke(call: () => Promise<{ error: { message?: string; status: number } | null }>, done: string) {
    setBusy(true);
    try {
      const { error } = await call();
      if (error) {
        toast({ title: t("failed"), description: error.message ?? String(error.status), variant: "destructive" });
        return;
      }
      toast({ title: done });
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  const label = (userAgent: string | null) => {
    const { browser, system } = deviceName(userAgent);
    if (!browser && !system) return t("unknownDevice");
    return t("device", { browser: browser ?? t("unknownBrowser"), system: system ?? t("unknownSystem") });
  };
  const address = (ip: string | null) => {
    const shown = deviceAddress(ip);
    return shown.kind === "address" ? shown.text : t(shown.kind === "loopback" ? "localAddress" : "unknownAddress");
  };

  return (
    <div className="space-y-3 text-sm">
      <p className="text-muted-foreground">{t("intro")}</p>
      <ul className="divide-y rounded-[var(--radius)] border" data-testid="session-list">
        {devices.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="device-session" data-current={s.current}>
            <div className="min-w-0">
              <p className="break-words font-medium" data-testid="device-name" title={s.userAgent ?? undefined}>
                {label(s.userAgent)}
              </p>
              <p className="break-words text-xs text-muted-foreground">
                <span data-testid="device-address">{address(s.ipAddress)}</span>
                {" · "}
                {t("signedIn", { when: format.dateTime(new Date(s.createdAt), { dateStyle: "medium", timeStyle: "short" }) })}
              </p>
            </div>
            {s.current ? (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">{t("current")}</span>
            ) : (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => revoke(() => authClient.revokeSession({ token: s.token }), t("revoked"))}>
                {t("revoke")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {devices.length <= 1 ? (
        <p className="text-muted-foreground">{t("empty")}</p>
      ) : (
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => revoke(() => authClient.revokeOtherSessions(), t("revokedOthers"))}
          className="h-auto min-h-10 whitespace-normal text-left"
          data-testid="revoke-other-sessions"
        >
          {t("revokeOthers")}
        </Button>
      )}
    </div>
  );
}
