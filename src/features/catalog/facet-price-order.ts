import type { FlatIndex } from "./facet-index-shape";

/* The first matches of a page ordered by displayed price, from the facet index (decision 0250). */

/** Most ids a price-ordered page hands the database by id (a probe each: cheap for a few thousand). */
const MAX_PRICE_CANDIDATES = 2_000;

/**
 * FacetMatch.byPrice, in one pass: the `need` lowest keys (price, negated when descending) are kept in a max-heap, and
 * every match not above the heap's top when visited is noted (about need × ln(matches / need) of them, and ties); at
 * the end those at or below the final top are the answer. Walking the price index instead reads every product
 * cheaper than the first match (a size and a price range at a million products: chunks of up to 50,000 rows,
 * 56 / 92 ms, docs/performance.md).
 */
export function firstByPrice(flat: FlatIndex, need: number, descending: boolean, test: (n: number) => boolean): string[] | null {
  if (need > MAX_PRICE_CANDIDATES) return null;
  const { sortPrice, productIds } = flat;
  const sign = descending ? -1 : 1;
  const heap = new Float64Array(need);
  let size = 0;
  let noted: number[] = [];
  for (let n = 0; n < productIds.length; n++) {
    const key = sortPrice[n] * sign;
    if (Number.isNaN(key) || (size === need && key > heap[0]) || !test(n)) continue;
    noted.push(n);
    if (size < need) {
      // Sift up.
      let i = size++;
      while (i > 0 && heap[(i - 1) >> 1] < key) {
        heap[i] = heap[(i - 1) >> 1];
        i = (i - 1) >> 1;
      }
      heap[i] = key;
    } else if (key < heap[0]) {
      // Replace the largest and sift down.
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= need) break;
        const c = l + 1 < need && heap[l + 1] > heap[l] ? l + 1 : l;
        if (heap[c] <= key) break;
        heap[i] = heap[c];
        i = c;
      }
      heap[i] = key;
    }
    if (noted.length > 4 * MAX_PRICE_CANDIDATES) {
      // Many ties at the top: keep only what can still be in the answer; still too many, let the walk do it.
      const top = heap[0];
      noted = noted.filter((m) => sortPrice[m] * sign <= top);
      if (noted.length > 2 * MAX_PRICE_CANDIDATES) return null;
    }
  }
  const last = heap[0];
  const out = size === 0 ? [] : noted.filter((m) => sortPrice[m] * sign <= last).map((m) => productIds[m]);
  return out.length > MAX_PRICE_CANDIDATES ? null : out;
}
