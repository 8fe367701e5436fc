/** Stripe's list and search paging over a collection already ordered newest first. Pure. */
import { invalidParam } from './errors';
import { type Params } from './params';
import { type ListObject, type SearchResult } from './wire-types';

export const PAGE_PARAMS = ['limit', 'starting_after', 'ending_before', 'expand'] as const;
export const SEARCH_PARAMS = ['query', 'limit', 'page', 'expand'] as const;

function limitOf(params: Params): number {
  return params.int('limit', { min: 1, max: 100 }) ?? 10;
}

/** `starting_after` pages towards older objects, `ending_before` towards newer ones, as Stripe does. */
export function listPage<T extends { id: string }>(items: readonly T[], params: Params, url: string): ListObject<T> {
  const limit = limitOf(params);
  const after = params.str('starting_after');
  const before = params.str('ending_before');
  const indexOf = (id: string, param: string): number => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw invalidParam(param, `No such object for ${param}: '${id}'`);
    return index;
  };
  if (before !== undefined && before !== '') {
    const end = indexOf(before, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: items.slice(start, end), has_more: start > 0, url };
  }
  const start = after !== undefined && after !== '' ? indexOf(after, 'starting_after') + 1 : 0;
  const data = items.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < items.length, url };
}

function encodePage(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), 'utf8').toString('base64url');
}

function decodePage(page: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(page, 'base64url').toString('utf8')) as { offset?: unknown };
    if (typeof parsed.offset === 'number' && Number.isInteger(parsed.offset) && parsed.offset >= 0) return parsed.offset;
  } catch {
    // falls through to the refusal below
  }
  throw invalidParam('page', `Invalid page: ${page}`);
}

/** Search results page with an opaque `next_page` cursor, as Stripe's search endpoints do. */
export function searchPage<T>(items: readonly T[], params: Params, url: string): SearchResult<T> {
  const limit = limitOf(params);
  const page = params.str('page');
  const start = page === undefined || page === '' ? 0 : decodePage(page);
  const hasMore = start + limit < items.length;
  return {
    object: 'search_result',
    data: items.slice(start, start + limit),
    has_more: hasMore,
    next_page: hasMore ? encodePage(start + limit) : null,
    url,
  };
}
