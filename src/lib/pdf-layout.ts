import PDFDocument from "pdfkit";

/*
 * The layout every PDF of the shop shares (invoices, credit notes, packing slips): an A4 page with 50 pt margins, the
 * bytes collected as pdfkit writes them, and rows of cells at fixed column positions.
 */

export type PdfDoc = InstanceType<typeof PDFDocument>;

/** A new A4 document titled `title`, and the promise of its bytes once `pdf.end()` is called. */
export function pdfDocument(title: string): { pdf: PdfDoc; done: Promise<Buffer> } {
  const pdf = new PDFDocument({ size: "A4", margin: 50, info: { Title: title } });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, done };
}

/**
 * One row of a table whose columns start at `cols` (the last one ends at the right margin, 545 pt): the first cell
 * left-aligned, the others right-aligned unless `align` says otherwise.
 */
export function pdfRow(pdf: PdfDoc, cols: number[], cells: string[], opts: { bold?: boolean; align?: Array<"left" | "right"> } = {}) {
  const y = pdf.y;
  let bottom = y;
  pdf.font(opts.bold ? "Helvetica-Bold" : "Helvetica");
  cells.forEach((cell, i) => {
    pdf.text(cell, cols[i], y, { width: (cols[i + 1] ?? 545) - cols[i] - 4, align: opts.align?.[i] ?? (i === 0 ? "left" : "right") });
    bottom = Math.max(bottom, pdf.y);
  });
  pdf.x = 50;
  pdf.y = bottom;
  pdf.moveDown(0.3);
}
