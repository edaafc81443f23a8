import { z } from "zod";

/** A report is a few hundred bytes; anything much larger is not a browser's report and is not worth reading. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;

const text = z.string().max(2048).optional();

/** `report-uri` format (application/csp-report): `{ "csp-report": { … } }`, kebab-case fields. */
const legacyReport = z.object({
  "csp-report": z
    .object({
      "document-uri": text,
      "blocked-uri": text,
      "violated-directive": text,
      "effective-directive": text,
      "source-file": text,
      "line-number": z.number().optional(),
      "script-sample": text,
      disposition: text,
    })
    .loose(),
});

/** Reporting API format (application/reports+json): an array of `{ type, url, body: { … } }`, camelCase fields. */
const reportingApiReports = z
  .array(
    z
      .object({
        type: z.string().max(64),
        url: text,
        body: z
          .object({
            documentURL: text,
            blockedURL: text,
            effectiveDirective: text,
            sourceFile: text,
            lineNumber: z.number().optional(),
            sample: text,
            disposition: text,
          })
          .loose(),
      })
      .loose(),
  )
  .max(50);

export type CspViolation = {
  documentUri?: string;
  blockedUri?: string;
  directive?: string;
  sourceFile?: string;
  line?: number;
  sample?: string;
  disposition?: string;
};

/** The violations in a report body, in one shape whichever format the browser used; null when it is not a report. */
export function parseCspReport(body: unknown): CspViolation[] | null {
  const legacy = legacyReport.safeParse(body);
  if (legacy.success) {
    const r = legacy.data["csp-report"];
    return [
      {
        documentUri: r["document-uri"],
        blockedUri: r["blocked-uri"],
        directive: r["effective-directive"] ?? r["violated-directive"],
        sourceFile: r["source-file"],
        line: r["line-number"],
        sample: r["script-sample"],
        disposition: r.disposition,
      },
    ];
  }
  const modern = reportingApiReports.safeParse(body);
  if (modern.success) {
    return modern.data
      .filter((r) => r.type === "csp-violation")
      .map(({ body: b }) => ({
        documentUri: b.documentURL,
        blockedUri: b.blockedURL,
        directive: b.effectiveDirective,
        sourceFile: b.sourceFile,
        line: b.lineNumber,
        sample: b.sample,
        disposition: b.disposition,
      }));
  }
  return null;
}
