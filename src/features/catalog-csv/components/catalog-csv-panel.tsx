"use client";

import { useId, useRef, useState } from "react";
import { useLocale, useTranslations } from "@/i18n/client";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ImportReport } from "../report";

type Line =
  | { type: "progress"; phase: "check" | "apply"; done: number; total: number }
  | { type: "result"; mode: "check" | "apply"; report: ImportReport }
  | { type: "error"; code: string; message: string };

type State =
  | { kind: "idle" }
  | { kind: "running"; phase: "check" | "apply"; done: number; total: number }
  | { kind: "checked"; report: ImportReport }
  | { kind: "applied"; report: ImportReport }
  | { kind: "failed"; message: string };

/**
 * The admin's catalog CSV screen (docs/product.md#catalog-csv): export link, file choice, a dry run that lists each
 * bad row and what would change, then "Apply". The server streams its progress as NDJSON lines, shown in a
 * <progress> bar that screen readers announce.
 */
export function CatalogCsvPanel({ maxMb }: { maxMb: number }) {
  const t = useTranslations("catalogCsv");
  const locale = useLocale();
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const [checkedFile, setCheckedFile] = useState<File | null>(null);

  async function run(mode: "check" | "apply") {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setState({ kind: "failed", message: t("chooseFile") });
      return;
    }
    setState({ kind: "running", phase: mode, done: 0, total: 0 });
    try {
      const response = await fetch(`/api/admin/catalog.csv?mode=${mode}&locale=${locale}&name=${encodeURIComponent(file.name)}`, {
        method: "POST",
        headers: { "content-type": "text/csv" },
        body: file,
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        setState({ kind: "failed", message: body?.error ?? t("network") });
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      let finished = false;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        for (const text of lines.filter(Boolean)) {
          const line = JSON.parse(text) as Line;
          if (line.type === "progress") setState({ kind: "running", phase: line.phase, done: line.done, total: line.total });
          else if (line.type === "error") {
            finished = true;
            setState({ kind: "failed", message: line.message });
          } else {
            finished = true;
            const clean = line.report.errorCount === 0;
            setCheckedFile(line.mode === "check" && clean ? file : null);
            setState(line.mode === "apply" ? { kind: "applied", report: line.report } : { kind: "checked", report: line.report });
          }
        }
      }
      if (!finished) setState({ kind: "failed", message: t("network") });
    } catch {
      setState({ kind: "failed", message: t("network") });
    }
  }

  const running = state.kind === "running";
  const report = state.kind === "checked" || state.kind === "applied" ? state.report : null;
  const canApply = state.kind === "checked" && state.report.errorCount === 0 && checkedFile !== null && checkedFile === fileRef.current?.files?.[0];

  return (
    <div className="space-y-6" data-testid="catalog-csv">
      <p className="max-w-3xl text-muted-foreground">{t("intro")}</p>
      <Button asChild variant="outline">
        <a href="/api/admin/catalog.csv" download data-testid="catalog-export">
          <Download aria-hidden />
          {t("export")}
        </a>
      </Button>

      <div className="space-y-2">
        <label htmlFor={inputId} className="block text-sm font-medium">
          {t("fileLabel", { maxMb })}
        </label>
        <input
          id={inputId}
          ref={fileRef}
          type="file"
          accept=".csv,text/csv"
          onChange={() => {
            setCheckedFile(null);
            setState({ kind: "idle" });
          }}
          className="block text-sm"
          data-testid="catalog-file"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => run("check")} disabled={running}>
          {t("check")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => run("apply")} disabled={running || !canApply}>
          {t("apply")}
        </Button>
      </div>

      <div aria-live="polite" className="space-y-4">
        {state.kind === "running" ? (
          <div className="space-y-1">
            <p className="text-sm">{state.phase === "check" ? t("checking") : t("applying")}</p>
            <progress
              className="h-3 w-full max-w-md"
              max={Math.max(1, state.total)}
              value={state.done}
              aria-label={state.phase === "check" ? t("checking") : t("applying")}
              data-testid="catalog-progress"
            />
            {state.total > 0 ? <p className="text-xs text-muted-foreground">{t("progress", { done: state.done, total: state.total })}</p> : null}
          </div>
        ) : null}
        {state.kind === "failed" ? (
          <p role="alert" className="text-destructive" data-testid="catalog-error">
            {state.message}
          </p>
        ) : null}
        {state.kind === "checked" ? (
          <p role="status" data-testid="catalog-check-result">
            {state.report.errorCount > 0 ? t("checkedErrors", { count: state.report.errorCount }) : `${t("checkedOk", { rows: state.report.summary.rows })} ${t("summary", state.report.summary)}`}
          </p>
        ) : null}
        {state.kind === "applied" ? (
          <p role="status" className="font-medium" data-testid="catalog-applied">
            {t("applied", state.report.summary)}
          </p>
        ) : null}
      </div>

      {report && report.errorCount > 0 ? <ErrorTable report={report} /> : null}
      {report && report.errorCount === 0 && report.changeCount > 0 ? <ChangeTable report={report} /> : null}
    </div>
  );
}

function ErrorTable({ report }: { report: ImportReport }) {
  const t = useTranslations("catalogCsv");
  return (
    <section className="space-y-2" aria-labelledby="catalog-errors-heading">
      <h2 id="catalog-errors-heading" className="text-xl font-semibold">
        {t("errorsHeading")}
      </h2>
      {report.errorCount > report.errors.length ? <p className="text-sm text-muted-foreground">{t("truncated", { shown: report.errors.length, total: report.errorCount })}</p> : null}
      <table className="w-full text-sm" data-testid="catalog-errors">
        <thead className="border-b text-left text-muted-foreground">
          <tr>
            <th className="py-2 pr-4 font-medium">{t("colRow")}</th>
            <th className="py-2 pr-4 font-medium">{t("colColumn")}</th>
            <th className="py-2 font-medium">{t("colProblem")}</th>
          </tr>
        </thead>
        <tbody>
          {report.errors.map((e, i) => (
            <tr key={i} className="border-b">
              <td className="py-2 pr-4">{e.row}</td>
              <td className="py-2 pr-4 font-mono">{e.column}</td>
              <td className="py-2">{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ChangeTable({ report }: { report: ImportReport }) {
  const t = useTranslations("catalogCsv");
  return (
    <section className="space-y-2" aria-labelledby="catalog-changes-heading">
      <h2 id="catalog-changes-heading" className="text-xl font-semibold">
        {t("changesHeading")}
      </h2>
      {report.changeCount > report.changes.length ? <p className="text-sm text-muted-foreground">{t("truncated", { shown: report.changes.length, total: report.changeCount })}</p> : null}
      <table className="w-full text-sm" data-testid="catalog-changes">
        <thead className="border-b text-left text-muted-foreground">
          <tr>
            <th className="py-2 pr-4 font-medium">{t("colRow")}</th>
            <th className="py-2 pr-4 font-medium">{t("colHandle")}</th>
            <th className="py-2 pr-4 font-medium">{t("colSku")}</th>
            <th className="py-2 pr-4 font-medium">{t("colAction")}</th>
            <th className="py-2 font-medium">{t("colFields")}</th>
          </tr>
        </thead>
        <tbody>
          {report.changes.map((c) => (
            <tr key={c.row} className="border-b">
              <td className="py-2 pr-4">{c.row}</td>
              <td className="py-2 pr-4 font-mono">{c.handle}</td>
              <td className="py-2 pr-4 font-mono">{c.sku}</td>
              <td className="py-2 pr-4">{t(`action.${c.action}`)}</td>
              <td className="py-2 font-mono text-xs">{c.fields.join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
