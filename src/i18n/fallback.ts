/** A translation lookup that finds no text falls back to the key itself (docs/product.md#languages). */
export function messageFallback({ namespace, key }: { namespace?: string; key: string }): string {
  return namespace ? `${namespace}.${key}` : key;
}
