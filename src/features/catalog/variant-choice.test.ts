import { describe, expect, it } from "vitest";
import { chooseValue, selectionOf, valueState, type ChoiceOption, type ChoiceVariant } from "./variant-choice";

const options: ChoiceOption[] = [
  { id: "c", title: "Colour", values: [{ id: "white", value: "White" }, { id: "green", value: "Green" }] },
  { id: "s", title: "Size", values: [{ id: "42", value: "42" }, { id: "43", value: "43" }] },
];
const variant = (id: string, values: string[], stock: number): ChoiceVariant => ({ id, optionValueIds: values, manage_inventory: true, inventory_quantity: stock });
// White 43 is sold out; Green 42 does not exist.
const variants = [variant("w42", ["white", "42"], 3), variant("w43", ["white", "43"], 0), variant("g43", ["green", "43"], 5)];

describe("choosing a variant by its options", () => {
  it("reads a variant's values per option", () => {
    expect(selectionOf(options, variants[2])).toEqual({ c: "green", s: "43" });
  });

  it.each([
    [{ c: "white", s: "42" }, "s", "43", "soldOut"],
    [{ c: "white", s: "42" }, "s", "42", "available"],
    [{ c: "green", s: "43" }, "s", "42", "missing"],
    // A colour is judged by itself (no option comes before it): green exists in 43, so it is there from white 42.
    [{ c: "white", s: "42" }, "c", "green", "available"],
    [{ c: "white", s: "43" }, "c", "green", "available"],
  ] as const)("from %o, %s = %s is %s", (selection, optionId, valueId, state) => {
    expect(valueState(options, variants, selection, optionId, valueId)).toBe(state);
  });

  it("uses live stock when given", () => {
    expect(valueState(options, variants, { c: "white", s: "42" }, "s", "43", (v) => (v.id === "w43" ? 4 : v.inventory_quantity))).toBe("available");
  });

  it("marks a first-option value sold out when every variant with it is", () => {
    const whiteGone = [variant("w42", ["white", "42"], 0), variant("w43", ["white", "43"], 0), variant("g43", ["green", "43"], 5)];
    expect(valueState(options, whiteGone, { c: "green", s: "43" }, "c", "white")).toBe("soldOut");
    expect(chooseValue(options, whiteGone, { c: "green", s: "43" }, "c", "white")).toBeUndefined();
  });

  it("keeps the other choices when that variant is in stock, else takes an in-stock variant with the value", () => {
    expect(chooseValue(options, variants, { c: "green", s: "43" }, "s", "43")?.id).toBe("g43");
    expect(chooseValue(options, variants, { c: "white", s: "42" }, "c", "green")?.id).toBe("g43");
    // White 43 is sold out: white comes with 42.
    expect(chooseValue(options, variants, { c: "green", s: "43" }, "c", "white")?.id).toBe("w42");
    expect(chooseValue(options, [variant("w42", ["white", "42"], 0), variant("w43", ["white", "43"], 2)], { c: "green", s: "44" }, "c", "white")?.id).toBe("w43");
  });

  it("chooses nothing for a sold-out or missing value", () => {
    expect(chooseValue(options, variants, { c: "white", s: "42" }, "s", "43")).toBeUndefined();
    expect(chooseValue(options, variants, { c: "green", s: "43" }, "s", "42")).toBeUndefined();
  });
});
