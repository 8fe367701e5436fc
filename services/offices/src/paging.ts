/**
 * One page of a management list. Without a search the store pages (skip / limit, sorted by name); with one,
 * the organization's documents are filtered here, because the store port has no text operator. An
 * organization's offices, groups and users number in the hundreds, which this handles comfortably.
 */
import { type ManagementListQuery, type Page } from '@dv/contracts';

export interface PagedSource<D> {
  count(): Promise<number>;
  fetch(range: { skip: number; limit: number }): Promise<D[]>;
  /** Every document, in list order. */
  all(): Promise<D[]>;
  /** Does the document match the lower-case search text? */
  matches(doc: D, needle: string): boolean;
}

export async function listPage<D, T>(
  source: PagedSource<D>,
  query: ManagementListQuery,
  present: (docs: D[]) => Promise<T[]> | T[],
): Promise<Page<T>> {
  const { page, pageSize } = query;
  const skip = (page - 1) * pageSize;
  const needle = query.search?.toLowerCase() ?? '';
  if (needle === '') {
    const [total, docs] = await Promise.all([source.count(), source.fetch({ skip, limit: pageSize })]);
    return { items: await present(docs), total, page, pageSize };
  }
  const matching = (await source.all()).filter((doc) => source.matches(doc, needle));
  return { items: await present(matching.slice(skip, skip + pageSize)), total: matching.length, page, pageSize };
}
