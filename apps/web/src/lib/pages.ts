/**
 * Lists that come a page at a time with Show more (a seller's products, CRM clients, support tickets): each
 * answer says its page, the page size and how many rows match over all pages.
 */
export interface PageOfList {
  page: number;
  page_size: number;
  matching: number;
}

/** The page to ask for after `last`, or none once the pages asked for hold every match (getNextPageParam). */
export const nextPage = (last: PageOfList): number | undefined =>
  last.page * last.page_size < last.matching ? last.page + 1 : undefined;

/**
 * The rows of the pages shown so far, as one list. A row that a change moved between two pages' fetches (an
 * edit puts it first in a list by latest change) would come twice: it is kept once, where it was first seen.
 */
export function rowsOnce<T extends { id: number }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<number>();
  const rows: T[] = [];
  for (const row of pages.flat()) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    rows.push(row);
  }
  return rows;
}
