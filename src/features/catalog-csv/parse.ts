import Papa from "papaparse";
import { CATALOG_COLUMNS, REQUIRED_COLUMNS, type CatalogColumn, type CatalogCsvRow } from "./columns";

/**
 * Reading an uploaded catalog CSV (docs/product.md#catalog-csv) with papaparse. A file that cannot be read as a
 * whole — too big, not UTF-8, columns missing or unknown, broken quoting — is refused with one error code; the rows
 * of a readable file are checked one by one later (import-plan.ts).
 */

/** 10,000 rows with long bilingual descriptions fit well within this. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_ROWS = 20_000;

export type FileErrorCode = "empty" | "tooLarge" | "tooManyRows" | "notUtf8" | "missingColumns" | "unknownColumns" | "duplicateColumns" | "malformed";
export type FileError = { code: FileErrorCode; params?: Record<string, string | number> };

export type ParsedRow = { /** 1-based row number as a spreadsheet shows it (the header is row 1). */ row: number; values: CatalogCsvRow };
export type ParsedCsv = { ok: true; columns: Set<CatalogColumn>; rows: ParsedRow[] } | { ok: false; error: FileError };

/** lib/csv.ts prefixes formula-like cells with an apostrophe on export; an import takes it off again. */
function undoFormulaGuard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

export function parseCatalogCsv(bytes: Uint8Array): ParsedCsv {
  if (bytes.byteLength > MAX_FILE_BYTES) return { ok: false, error: { code: "tooLarge", params: { maxMb: MAX_FILE_BYTES / 1024 / 1024 } } };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, error: { code: "notUtf8" } };
  }
  if (text.trim() === "") return { ok: false, error: { code: "empty" } };

  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: "greedy" });
  const broken = parsed.errors.find((e) => e.type === "Quotes" || e.type === "Delimiter");
  if (broken) return { ok: false, error: { code: "malformed", params: { row: (broken.row ?? 0) + 1 } } };
  const [header, ...records] = parsed.data;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());

  const known = new Set<string>(CATALOG_COLUMNS);
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) return { ok: false, error: { code: "unknownColumns", params: { columns: unknown.slice(0, 10).join(", ") } } };
  const duplicates = names.filter((n, i) => names.indexOf(n) !== i);
  if (duplicates.length) return { ok: false, error: { code: "duplicateColumns", params: { columns: [...new Set(duplicates)].join(", ") } } };
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) return { ok: false, error: { code: "missingColumns", params: { columns: missing.join(", ") } } };
  if (records.length > MAX_ROWS) return { ok: false, error: { code: "tooManyRows", params: { max: MAX_ROWS } } };

  const columns = new Set(names as CatalogColumn[]);
  const rows = records.map((cells, index): ParsedRow => {
    const values = Object.fromEntries(CATALOG_COLUMNS.map((c) => [c, ""])) as CatalogCsvRow;
    names.forEach((name, i) => {
      values[name as CatalogColumn] = undoFormulaGuard((cells[i] ?? "").trim());
    });
    return { row: index + 2, values };
  });
  return { ok: true, columns, rows };
}
