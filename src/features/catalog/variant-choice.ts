/*
 * Choosing a variant by its option values on the product page (docs/product.md#product-options): one choice per
 * option, a value whose combination with the other choices does not exist is unavailable, one whose variant is sold
 * out is marked so. Pure, so the page and its tests share it.
 */

export type ChoiceOption = { id: string; title: string; values: Array<{ id: string; value: string; swatch?: string | null }> };
export type ChoiceVariant = { id: string; optionValueIds: string[]; manage_inventory: boolean; inventory_quantity: number };

export type ValueState = "available" | "soldOut" | "missing";

const soldOut = (v: ChoiceVariant, stock: (v: ChoiceVariant) => number) => v.manage_inventory && stock(v) <= 0;

/** The variant's value of each option (option id → value id). */
export function selectionOf(options: ChoiceOption[], variant: ChoiceVariant | undefined): Record<string, string> {
  const selection: Record<string, string> = {};
  for (const o of options) {
    const value = o.values.find((v) => variant?.optionValueIds.includes(v.id));
    if (value) selection[o.id] = value.id;
  }
  return selection;
}

function matches(variant: ChoiceVariant, selection: Record<string, string>, options: ChoiceOption[]) {
  return options.every((o) => !selection[o.id] || variant.optionValueIds.includes(selection[o.id]));
}

/** Whether choosing `valueId` for `optionId`, the other choices kept, gives a variant, and whether it is sold out. */
export function valueState(
  options: ChoiceOption[],
  variants: ChoiceVariant[],
  selection: Record<string, string>,
  optionId: string,
  valueId: string,
  stock: (v: ChoiceVariant) => number = (v) => v.inventory_quantity,
): ValueState {
  const wanted = { ...selection, [optionId]: valueId };
  const found = variants.filter((v) => matches(v, wanted, options));
  if (found.length === 0) return "missing";
  return found.every((v) => soldOut(v, stock)) ? "soldOut" : "available";
}

/**
 * The variant chosen when the shopper picks `valueId` for `optionId`: the one with the other choices kept, else the
 * first with that value that is in stock, else the first with that value.
 */
export function chooseValue(
  options: ChoiceOption[],
  variants: ChoiceVariant[],
  selection: Record<string, string>,
  optionId: string,
  valueId: string,
  stock: (v: ChoiceVariant) => number = (v) => v.inventory_quantity,
): ChoiceVariant | undefined {
  const exact = variants.find((v) => matches(v, { ...selection, [optionId]: valueId }, options));
  if (exact) return exact;
  const withValue = variants.filter((v) => v.optionValueIds.includes(valueId));
  return withValue.find((v) => !soldOut(v, stock)) ?? withValue[0];
}
