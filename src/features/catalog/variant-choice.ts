/*
 * Choosing a variant by its option values on the product page (docs/product.md#product-options): one choice per
 * option. A value is judged with the choices of the options before it (as a shopper reads them, top to bottom): it
 * is missing when no variant has it with those choices, sold out when every such variant is, else available. Only
 * an available value can be chosen. Judging by the earlier options only, not by every other choice, leaves no dead
 * end: any value the shopper can choose leads to a variant in stock. Pure, so the page and its tests share it.
 */

export type ChoiceOption = { id: string; title: string; values: Array<{ id: string; value: string; swatch?: string | null }> };
export type ChoiceVariant = { id: string; optionValueIds: string[]; manage_inventory: boolean; inventory_quantity: number };

export type ValueState = "available" | "soldOut" | "missing";

type Stock = (v: ChoiceVariant) => number;
const byOwnStock: Stock = (v) => v.inventory_quantity;
const soldOut = (v: ChoiceVariant, stock: Stock) => v.manage_inventory && stock(v) <= 0;

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

/** The choices of the options before `optionId`, with `valueId` for it. */
function upTo(options: ChoiceOption[], selection: Record<string, string>, optionId: string, valueId: string): Record<string, string> {
  const wanted: Record<string, string> = {};
  for (const o of options) {
    if (o.id === optionId) break;
    if (selection[o.id]) wanted[o.id] = selection[o.id];
  }
  wanted[optionId] = valueId;
  return wanted;
}

/** Whether `valueId` of `optionId`, with the choices of the options before it, gives a variant, and one in stock. */
export function valueState(
  options: ChoiceOption[],
  variants: ChoiceVariant[],
  selection: Record<string, string>,
  optionId: string,
  valueId: string,
  stock: Stock = byOwnStock,
): ValueState {
  const found = variants.filter((v) => matches(v, upTo(options, selection, optionId, valueId), options));
  if (found.length === 0) return "missing";
  return found.every((v) => soldOut(v, stock)) ? "soldOut" : "available";
}

/**
 * The variant chosen when the shopper picks `valueId` for `optionId`: the one with every other choice kept when it
 * is in stock, else the first in stock with the choices before it and that value. None for a value that is not
 * available (missing or sold out): it cannot be chosen.
 */
export function chooseValue(
  options: ChoiceOption[],
  variants: ChoiceVariant[],
  selection: Record<string, string>,
  optionId: string,
  valueId: string,
  stock: Stock = byOwnStock,
): ChoiceVariant | undefined {
  const inStock = variants.filter((v) => !soldOut(v, stock));
  return (
    inStock.find((v) => matches(v, { ...selection, [optionId]: valueId }, options)) ??
    inStock.find((v) => matches(v, upTo(options, selection, optionId, valueId), options))
  );
}
