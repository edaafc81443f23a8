"use client";

import { useFormatter, useTranslations } from "@/i18n/client";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { authClient } from "@/features/accounts/auth-client";
import { deviceAddress, deviceName } from "@/features/accounts/device-label";

type DeviceSession = { id: string; token: string; userAgent?: string | null; ipAddress?: string | null; createdAt: Date | string };

async function fetchSessions(): Promise<{ sessions: DeviceSession[]; current: string | null } | { error: string }> {
  const [listed, mine] = await Promise.all([authClient.listSessions(), authClient.getSession()]);
  if (listed.error) return { error: listed.error.message ?? String(listed.error.status) };
  return { sessions: listed.data as DeviceSession[], current: mine.data?.session.token ?? null };
}

/**
 * The account's signed-in devices on /profile (docs/product.md#two-factor-sign-in), from better-auth's
 * listSessions, named by browser and system ("Chrome on Windows") with the address as a person reads it; "Sign out"
 * revokes one (revokeSession), "Sign out all other devices" every one but this (revokeOtherSessions).
 */
export function SessionList() {
  const t = useTranslations("security.sessions");
  const format = useFormatter();
  const [sessions, setSessions] = useState<DeviceSession[] | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = useCallback(
    (result: Awaited<ReturnType<typeof fetchSessions>>) => {
      if ("error" in result) {
        toast({ title: t("failed"), description: result.error, variant: "destructive" });
        return;
      }
      setSessions(result.sessions);
      setCurrent(result.current);
    },
    [t],
  );

  useEffect(() => {
    let live = true;
    fetchSessions().then((result) => live && apply(result));
    return () => {
      live = false;
    };
  }, [apply]);

  async function revoke(call: () => Promise<{ error: { message?: string; status: number } | null }>, done: string) {
    setBusy(true);
    try {
      const { error } = await call();
      if (error) {
        toast({ title: t("failed"), description: error.message ?? String(error.status), variant: "destructive" });
        return;
      }
      toast({ title: done });
      apply(await fetchSessions());
    } finally {
      setBusy(false);
    }
  }

  const label = (userAgent: string | null | undefined) => {
    const { browser, system } = deviceName(userAgent);
    if (!browser && !system) return t("unknownDevice");
    return t("device", { browser: browser ?? t("unknownBrowser"), system: system ?? t("unknownSystem") });
  };
  const address = (ip: string | null | undefined) => {
    const shown = deviceAddress(ip);
    return shown.kind === "address" ? shown.text : t(shown.kind === "loopback" ? "localAddress" : "unknownAddress");
  };

  if (!sessions) return null;
  const ordered = [...sessions].sort((a, b) => Number(b.token === current) - Number(a.token === current));
  return (
    <div className="space-y-3 text-sm">
      <p className="text-muted-foreground">{t("intro")}</p>
      <ul className="divide-y rounded-[var(--radius)] border" data-testid="session-list">
        {ordered.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="device-session" data-current={s.token === current}>
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
            {s.token === current ? (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">{t("current")}</span>
            ) : (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => revoke(() => authClient.revokeSession({ token: s.token }), t("revoked"))}>
                {t("revoke")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {ordered.length <= 1 ? (
        <p className="text-muted-foreground">{t("empty")}</p>
      ) : (
        <Button variant="outline" disabled={busy} onClick={() => revoke(() => authClient.revokeOtherSessions(), t("revokedOthers"))} data-testid="revoke-other-sessions">
          {t("revokeOthers")}
        </Button>
      )}
    </div>
  );
}
