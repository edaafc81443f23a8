/**
 * Page arithmetic shared by every paged list (storefront listings, the admin's lists): pages count from 1, an empty
 * list still has one page, and a page number that is not a whole number ≥ 1 means the first page.
 */

export function pageNumber(page: number | undefined): number {
  return page !== undefined && Number.isSafeInteger(page) && page > 0 ? page : 1;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The rows of page `page` as a LIMIT and an OFFSET. */
export function pageWindow(page: number, pageSize: number) {
  return { offset: (page - 1) * pageSize, limit: pageSize };
}
