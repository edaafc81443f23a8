/**
 * CSV for spreadsheets: every cell quoted when needed (comma, quote, newline), quotes doubled, and a cell that a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) prefixed with an apostrophe so
 * a customer-typed value like "=HYPERLINK(...)" stays text.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: unknown[][]): string {
  // CRLF line ends (RFC 4180) and a BOM so spreadsheet programs read the text as UTF-8.
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
