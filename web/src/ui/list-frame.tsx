/**
 * What a server-paged list page (/past-verifications, /management/bugs, /plan, /management/verifications,
 * /reverification) draws under its filters: the failed read with 'Try again', the table in its own scroll box
 * (headers that sort on the server, one row a record, a click on a row opening it, one row saying why there are
 * none), and the pager once there is something to page.
 * Each page keeps its filters, columns and texts; useListAddress keeps its query in the address.
 *
 * Plain HTML rather than antd's Table, Pagination and Alert, which would bring some 180 KB of JavaScript (gzip) to
 * pages that never sort or filter on the client.
 */
import { MANAGEMENT_PAGE_SIZE_MAX } from '@dv/contracts';
import { type CSSProperties, type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DataPager, type DataPagerProps } from './data-pager';
import { LoadError } from './load-error';
import { type SortDirection, SortHeader } from './sort-header';
import './ui.css';

/** The page sizes a list's pager offers; the largest is the most the services answer in one page. */
export const LIST_PAGE_SIZES: readonly number[] = [10, 20, 50, MANAGEMENT_PAGE_SIZE_MAX];

export type ListColumn<T, Field extends string = never> = {
  readonly key: string;
  readonly title: string;
  /** The service's sort field, for a column whose header sorts the list. */
  readonly sort?: Field;
  readonly style?: CSSProperties;
  readonly cell: (item: T) => ReactNode;
};

/** A list query that the service sorts. */
export type SortedQuery<Field extends string> = { readonly sort: Field; readonly order: 'asc' | 'desc' };

export function sortDirectionOf<Field extends string>(query: SortedQuery<Field>, field: Field): SortDirection | undefined {
  if (query.sort !== field) return undefined;
  return query.order === 'asc' ? 'ascending' : 'descending';
}

/**
 * Pressing a header sorts by its column, in the column's first order (dates newest first, words A to Z);
 * pressing it again turns the order round. Never back to "unsorted".
 */
export function sortChange<Field extends string>(
  query: SortedQuery<Field>,
  field: Field,
  firstOrder: Readonly<Record<Field, 'asc' | 'desc'>>,
): SortedQuery<Field> {
  if (query.sort !== field) return { sort: field, order: firstOrder[field] };
  return { sort: field, order: query.order === 'asc' ? 'desc' : 'asc' };
}

export type ListAddress<Query> = {
  /** The query the address names. */
  fromSearch: (search: URLSearchParams) => Query;
  /** The address form of a query. */
  toSearch: (query: Query) => URLSearchParams;
  /** The query after a change (a filter change starts again at page 1). */
  change: (query: Query, change: Partial<Query>) => Query;
};

/**
 * The list's query, read from the address, and the way to change it. A change replaces the address instead of
 * stacking history: Back leaves the list, as it came.
 */
export function useListAddress<Query>({ fromSearch, toSearch, change }: ListAddress<Query>) {
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => fromSearch(search), [fromSearch, search]);
  const update = useCallback(
    (next: Partial<Query>) => setSearch(toSearch(change(query, next)), { replace: true }),
    [change, query, setSearch, toSearch],
  );
  return { query, update };
}

export type ListFrameProps<T, Field extends string> = {
  /** Names the table's scroll box ('Bug report table'). */
  readonly regionLabel: string;
  /** The id of the page's heading, which names the table. */
  readonly labelledBy: string;
  readonly tableClassName: string;
  readonly rowClassName: string;
  readonly columns: readonly ListColumn<T, Field>[];
  readonly items: readonly T[];
  readonly rowKey: (item: T) => string;
  /** A row's data-testid, for a page whose tests find its rows by it ('queue-row-v-1'). */
  readonly rowTestId?: (item: T) => string;
  /** A click on a row, outside its links (they navigate by themselves; the keyboard has them), opens the record. */
  readonly onOpen: (item: T) => void;
  /** A read is under way: the rows shown are the previous ones. */
  readonly busy: boolean;
  /** The one row's text when there are no rows (loading, failed, nothing yet, nothing matching). */
  readonly empty: ReactNode;
  /** Set on lists whose headers sort (columns with `sort`). */
  readonly sort?: { readonly sortedBy: (field: Field) => SortDirection | undefined; readonly onSort: (field: Field) => void };
  /** The failed read, shown above the table. */
  readonly error?: { readonly title: string; readonly className: string; readonly onRetry: () => void };
  /** The rows over all pages, once known; the pager shows when there are any. */
  readonly total: number | undefined;
  readonly pager: Omit<DataPagerProps, 'total'>;
};

function HeaderCell<T, Field extends string>({ column, sort }: { column: ListColumn<T, Field>; sort: ListFrameProps<T, Field>['sort'] }) {
  const field = column.sort;
  if (field === undefined || !sort) {
    return (
      <th scope="col" style={column.style}>
        {column.title}
      </th>
    );
  }
  return (
    <SortHeader style={column.style} sorted={sort.sortedBy(field)} onSort={() => sort.onSort(field)}>
      {column.title}
    </SortHeader>
  );
}

export function ListFrame<T, Field extends string = never>(props: ListFrameProps<T, Field>) {
  const { columns, items, error, total } = props;
  return (
    <>
      {error ? <LoadError className={error.className} title={error.title} onRetry={error.onRetry} /> : null}
      <div className="dv-table-scroll" tabIndex={0} role="region" aria-label={props.regionLabel}>
        <table className={`dv-table ${props.tableClassName}`} aria-labelledby={props.labelledBy} aria-busy={props.busy}>
          <thead>
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={props.sort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td className="dv-table-empty" colSpan={columns.length}>
                  {props.empty}
                </td>
              </tr>
            ) : (
              items.map((item) => (
                <tr
                  key={props.rowKey(item)}
                  className={props.rowClassName}
                  data-testid={props.rowTestId?.(item)}
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest('a')) return;
                    props.onOpen(item);
                  }}
                >
                  {columns.map((column) => (
                    <td key={column.key}>{column.cell(item)}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {total !== undefined && total > 0 ? <DataPager {...props.pager} total={total} /> : null}
    </>
  );
}
