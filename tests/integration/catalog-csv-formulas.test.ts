import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "@/lib/csv";
import { parseCatalogCsv } from "@/features/catalog-csv/parse";

describe("CSV cells a spreadsheet would run as formulas", () => {
  it.each(["=1+1", "+34 600 000 000", "-2+3", "@SUM(A1)", "\tcmd", "\r=x"])("keeps %j as text with an apostrophe", (value) => {
    expect(csvCell(value).replace(/^"|"$/g, "")).toBe(`'${value}`);
  });

  it("leaves ordinary text, numbers and quotes readable", () => {
    expect(csvCell("Leather Tote")).toBe("Leather Tote");
    expect(csvCell(129.9)).toBe("129.9");
    expect(csvCell('He said "hi", twice')).toBe('"He said ""hi"", twice"');
  });

  it("an exported guarded cell imports as what was typed", () => {
    const text = toCsv([
      ["handle", "title_en", "sku", "price"],
      ["p_x", "=HYPERLINK(\"http://evil.example\")", "@SKU", "10.00"],
    ]);
    const parsed = parseCatalogCsv(new TextEncoder().encode(text));
    expect(parsed.ok && parsed.rows[0].values).toMatchObject({ title_en: '=HYPERLINK("http://evil.example")', sku: "@SKU" });
  });
});
