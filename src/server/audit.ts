import { count, desc } from "drizzle-orm";
import { auditLog } from "@/server/db/schema/operations";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { pageCount, pageNumber, pageWindow } from "@/lib/paging";

/** Who made an admin change: recorded with every audit row (the email is kept in case the account goes away). */
export type AdminActor = { userId: string; email: string };

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one audit row; call it inside the transaction of the change so both commit or neither does. */
export async function writeAudit(tx: Executor, actor: AdminActor, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: (entry.before ?? null) as never,
    after: (entry.after ?? null) as never,
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** The audit page: newest first, paginated. */
export async function listAuditLog(db: Db, page = 1, pageSize = AUDIT_PAGE_SIZE) {
  const safePage = pageNumber(page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset(pageWindow(safePage, pageSize).offset),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { rows, total: Number(total), page: safePage, pageCount: pageCount(Number(total), pageSize) };
}

/**
 * A short "before → after" text of an audit row: only the fields that changed, long values cut, so the audit page
 * stays readable even for page HTML.
 */
export function summarizeChange(before: unknown, after: unknown, maxValue = 80): string {
  const cut = (value: unknown) => {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    if (text === undefined) return "∅";
    return text.length > maxValue ? `${text.slice(0, maxValue - 1)}…` : text;
  };
  const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (changed.length === 0) return "(no change)";
    return changed.map((k) => `${k}: ${cut(before[k])} → ${cut(after[k])}`).join("; ");
  }
  if (before == null && after == null) return "";
  if (before == null) return `+ ${cut(after)}`;
  if (after == null) return `− ${cut(before)}`;
  return `${cut(before)} → ${cut(after)}`;
}
