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

/**
 * The same CSV as toCsv, as a byte stream written while `batches` produces rows: a batch is read only when the
 * client has taken the one before, so a slow download holds one batch in memory, never the whole file.
 */
export function csvStream(batches: AsyncIterable<unknown[][]>): ReadableStream<Uint8Array> {
  const iterator = batches[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        if (first) controller.enqueue(encoder.encode("\uFEFF"));
        controller.close();
        return;
      }
      const text = next.value.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
      controller.enqueue(encoder.encode(first ? `\uFEFF${text}` : text));
      first = false;
    },
    async cancel() {
      await iterator.return?.();
    },
  }, { highWaterMark: 0 });
}
