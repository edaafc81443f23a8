import { describe, expect, it } from "vitest";
import { checkTaxId, taxIdRule } from "./tax-id";

// Valid ids are published examples (DIAN's NIT, SUNAT's RUC, AFIP's CUIT…) or computed by hand from each rule;
// invalid ones break the check character, the format or the date.
const cases: [country: string, valid: string[], invalid: string[]][] = [
  ["ES", ["12345678Z", "X1234567L", "B12345674", "Q2826000H", "ES B12345674", "00000000t", "B-12345674", "12.345.678-Z", "X-1234567-L"], ["12345678A", "X1234567A", "B12345675", "Q28260008", "1234567Z", "ESB1234567", "B-12345675"]],
  ["MX", ["GODE561231GR8", "ABC680524P76", "XAXX010101000", "ABC-680524-P76"], ["GODE561331GR8", "ABC680230P76", "AB680524P76", "GODE56123GR8"]],
  ["AR", ["20-12345678-6", "33-69345023-9", "20123456786", "30712345671"], ["20-12345678-5", "33693450238", "12-12345678-6", "2012345678"]],
  ["CO", ["800.197.268-4", "800197268-4", "900.373.115-3"], ["800197268-5", "800197268", "900.373.115-0"]],
  ["CL", ["12.345.678-5", "12345678-5", "11.111.111-1", "9.999.999-3"], ["12.345.678-K", "12345678-4", "11.111.111-2", "ABC"]],
  ["PE", ["20131312955", "20100070970", "10000000006"], ["20131312954", "30131312955", "2013131295"]],
  ["PT", ["PT501964843", "pt 501 964 843", "PT123456789"], ["501964843", "ES501964843", "PT50196484"]],
  ["DE", ["DE123456789", "DE 811 569 869", "DE000000000"], ["DE12345678", "123456789", "DEX23456789"]],
  ["GR", ["EL123456789", "EL094014201", "el 999 999 999"], ["GR123456789", "EL12345678", "EL12345678A"]],
];

describe("tax ids for a company invoice", () => {
  for (const [country, valid, invalid] of cases) {
    it.each(valid)(`${country}: %s is accepted`, (id) => {
      expect(checkTaxId(country, id)).toMatchObject({ ok: true, value: id.replace(/\s+/g, "").toUpperCase() });
    });
    it.each(invalid)(`${country}: %s is refused`, (id) => {
      expect(checkTaxId(country, id)).toMatchObject({ ok: false, rule: taxIdRule(country) });
    });
  }

  it("keeps any reasonable text where no rule is known", () => {
    expect(taxIdRule("US")).toBeNull();
    expect(checkTaxId("US", "12-3456789")).toEqual({ ok: true, value: "12-3456789", rule: null });
    expect(checkTaxId("US", "<script>")).toEqual({ ok: false, rule: null });
    expect(checkTaxId("US", "x")).toEqual({ ok: false, rule: null });
  });
});
