import { adminErrorMessage } from "@/features/admin/action-runner";
import { formatMessage } from "@/i18n/server-translator";
import type { Locale } from "@/i18n/routing";
import type { ImportPlan, ImportSummary } from "./import-plan";
import type { FileError } from "./parse";

/** At most this many errors and changes travel to the admin screen (the summary counts them all). */
export const MAX_LISTED = 500;

export type ImportReport = {
  summary: ImportSummary;
  errorCount: number;
  errors: Array<{ row: number; column: string; message: string }>;
  changeCount: number;
  changes: Array<{ row: number; handle: string; sku: string; action: "create" | "update" | "unchanged"; fields: string[] }>;
};

/** What the admin screen shows of a plan: errors and changes in the admin's language, unchanged rows left out. */
export async function importReport(plan: ImportPlan, locale: Locale): Promise<ImportReport> {
  const t = (key: string, params: Record<string, string | number>) => formatMessage(locale, "catalogCsv", `row.${key}`, params);
  const changes = plan.changes.filter((c) => c.action !== "unchanged");
  return {
    summary: plan.summary,
    errorCount: plan.errors.length,
    errors: plan.errors.slice(0, MAX_LISTED).map((e) => ({
      row: e.row,
      column: e.column,
      // A product editor rule reads as the editor says it.
      message: e.code === "productRule" ? adminErrorMessage(locale, e.rule, e.params) : t(e.code, e.params ?? {}),
    })),
    changeCount: changes.length,
    changes: changes.slice(0, MAX_LISTED),
  };
}

export async function fileErrorMessage(error: FileError, locale: Locale): Promise<string> {
  return formatMessage(locale, "catalogCsv", `file.${error.code}`, error.params ?? {});
}
