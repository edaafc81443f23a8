import { describe, expect, it } from "vitest";
import { checkShippingAddress, requiredFieldsFor } from "./address-schema";
import { addressFormatOf } from "./address-formats";

/*
 * docs/product.md#address-formats: the per-country postcode and state rules, as the form labels them and as the one
 * schema (browser and server) checks them.
 */

const base = { firstName: "Ana", lastName: "García", phone: "+34 600 123 456", address: "Calle Mayor 1", city: "Ciudad", state: "", zipCode: "", country: "" };
const countries = ["ES", "MX", "AR", "CO", "CL", "PE", "US", "FR"];

const table = [
  // country, postcode label, state label, postcode required, state required, a good postcode, a bad one
  { country: "ES", postcode: "postalCode", state: "province", postcodeRequired: true, stateRequired: false, good: "28013", bad: "2801" },
  { country: "MX", postcode: "cp", state: "state", postcodeRequired: true, stateRequired: true, good: "03100", bad: "0310A" },
  { country: "AR", postcode: "postalCode", state: "province", postcodeRequired: true, stateRequired: true, good: "C1425DKF", bad: "14250" },
  { country: "CO", postcode: "postalCode", state: "department", postcodeRequired: false, stateRequired: true, good: "110111", bad: "11011" },
  { country: "CL", postcode: "postalCode", state: "region", postcodeRequired: false, stateRequired: true, good: "8320000", bad: "832000" },
  { country: "PE", postcode: "postalCode", state: "department", postcodeRequired: true, stateRequired: true, good: "15074", bad: "150740" },
  { country: "US", postcode: "zip", state: "state", postcodeRequired: true, stateRequired: true, good: "94105-1804", bad: "9410" },
  { country: "FR", postcode: "generic", state: "generic", postcodeRequired: true, stateRequired: false, good: "75001", bad: "#" },
] as const;

describe("address formats per country", () => {
  it.each(table)("$country: labels $postcode / $state", ({ country, postcode, state, postcodeRequired, stateRequired }) => {
    const format = addressFormatOf(country.toLowerCase());
    expect(format.postcodeLabel).toBe(postcode);
    expect(format.stateLabel).toBe(state);
    expect(requiredFieldsFor(country).includes("zipCode")).toBe(postcodeRequired);
    expect(requiredFieldsFor(country).includes("state")).toBe(stateRequired);
  });

  it.each(table)("$country: empty postcode and state are refused only where required", ({ country, postcodeRequired, stateRequired }) => {
    const result = checkShippingAddress({ ...base, country }, countries);
    const expected = { ...(postcodeRequired ? { zipCode: "required" } : {}), ...(stateRequired ? { state: "required" } : {}) };
    if (Object.keys(expected).length === 0) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, fieldErrors: expected });
  });

  it.each(table)("$country: $good is a postcode, $bad is not", ({ country, good, bad }) => {
    const filled = { ...base, country, state: "Somewhere" };
    expect(checkShippingAddress({ ...filled, zipCode: ` ${good} ` }, countries)).toEqual({ ok: true, address: { ...filled, zipCode: good } });
    expect(checkShippingAddress({ ...filled, zipCode: bad }, countries)).toEqual({ ok: false, fieldErrors: { zipCode: "zipInvalid" } });
  });

  it("tells the country's messages together with the other fields' ones", () => {
    const result = checkShippingAddress({ ...base, firstName: "", country: "MX", zipCode: "abc" }, countries);
    expect(result).toEqual({ ok: false, fieldErrors: { firstName: "required", zipCode: "zipInvalid", state: "required" } });
  });

  it("without a country, the generic format: the postcode is asked, the state is not", () => {
    expect(requiredFieldsFor("")).toEqual(["country", "firstName", "lastName", "phone", "address", "city", "zipCode"]);
    expect(checkShippingAddress(null, countries)).toEqual({
      ok: false,
      fieldErrors: { country: "required", firstName: "required", lastName: "required", phone: "required", address: "required", city: "required", zipCode: "required" },
    });
  });
});
