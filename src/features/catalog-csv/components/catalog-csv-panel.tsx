"use client";

import { useId, useRef, useState, type ReactNode } from "react";
import { useLocale, useTranslations } from "@/i18n/client";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
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

/** A part of the report under its heading, saying when only the first rows are listed. */
function ReportSection({ id, heading, shown, total, children }: { id: string; heading: string; shown: number; total: number; children: ReactNode }) {
  const t = useTranslations("catalogCsv");
  return (
    <section className="space-y-2" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {heading}
      </h2>
      {total > shown ? <p className="text-sm text-muted-foreground">{t("truncated", { shown, total })}</p> : null}
      {children}
    </section>
  );
}

function ErrorTable({ report }: { report: ImportReport }) {
  const t = useTranslations("catalogCsv");
  return (
    <ReportSection id="catalog-errors-heading" heading={t("errorsHeading")} shown={report.errors.length} total={report.errorCount}>
      <Table data-testid="catalog-errors">
        <TableHeader>
          <TableRow>
            <TableHead>{t("colRow")}</TableHead>
            <TableHead>{t("colColumn")}</TableHead>
            <TableHead>{t("colProblem")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.errors.map((e, i) => (
            <TableRow key={i}>
              <TableCell>{e.row}</TableCell>
              <TableCell className="font-mono">{e.column}</TableCell>
              <TableCell>{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ReportSection>
  );
}

function ChangeTable({ report }: { report: ImportReport }) {
  const t = useTranslations("catalogCsv");
  return (
    <ReportSection id="catalog-changes-heading" heading={t("changesHeading")} shown={report.changes.length} total={report.changeCount}>
      <Table data-testid="catalog-changes">
        <TableHeader>
          <TableRow>
            <TableHead>{t("colRow")}</TableHead>
            <TableHead>{t("colHandle")}</TableHead>
            <TableHead>{t("colSku")}</TableHead>
            <TableHead>{t("colAction")}</TableHead>
            <TableHead>{t("colFields")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.changes.map((c) => (
            <TableRow key={c.row}>
              <TableCell>{c.row}</TableCell>
              <TableCell className="font-mono">{c.handle}</TableCell>
              <TableCell className="font-mono">{c.sku}</TableCell>
              <TableCell>{t(`action.${c.action}`)}</TableCell>
              <TableCell className="font-mono text-xs">{c.fields.join(", ")}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ReportSection>
  );
}
