/**
 * The frames of the management pages of offices, groups and users. A list page: its title, the search with the
 * page's main action (for company administrators) and its form above the server-paged table, every text naming
 * what the rows are. A record's page: the way back to the list as it was, the record's name, and its view once
 * read, or "does not exist" (404) or the failed read with "Try again".
 */
import { type Page } from '@dv/contracts';
import { type UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ApiCallError } from '../../http/api-call-error';
import { type ListColumn, ListFrame } from '../../ui/list-frame';
import { LoadError } from '../../ui/load-error';
import { Pill } from '../../ui/pill';
import { PlaceholderLines } from '../../ui/placeholder-lines';
import { SearchBox } from '../../ui/search-box';
import { StatusResult } from '../../ui/status-result';
import { MANAGEMENT_PAGE_SIZES, type ManagementList, useListSearch } from './management-list';
import '../../ui/ui.css';
import './management-forms.css';

/** 'office' -> 'Office'. */
const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** An office's or a user's status, as the lists and pages show it. */
export function ActiveStatus({ active }: { active: boolean | undefined }) {
  return active === false ? <Pill tone="default">Deactivated</Pill> : <Pill tone="success">Active</Pill>;
}

export type ManagementListPageProps<T> = {
  /** Names the heading ('offices-title') and the table's and error's classes ('dv-offices__table'). */
  readonly id: string;
  readonly title: string;
  /** What a row is, one and many: ['office', 'offices']. */
  readonly noun: readonly [one: string, many: string];
  readonly searchPlaceholder: string;
  /** The page's main action ('New office') and its form, which calls `onDone` to close; none for a reader. */
  readonly create?: { readonly label: string; readonly form: (onDone: () => void) => ReactNode } | undefined;
  readonly list: ManagementList;
  readonly read: UseQueryResult<Page<T>>;
  readonly columns: readonly ListColumn<T>[];
  readonly rowKey: (item: T) => string;
  readonly onOpen: (item: T) => void;
};

export function ManagementListPage<T>({ id, title, noun, searchPlaceholder, create, list, read, columns, rowKey, onOpen }: ManagementListPageProps<T>) {
  const [one, many] = noun;
  const [creating, setCreating] = useState(false);
  const { query, update, onSearch } = list;
  const titleId = `${id}-title`;
  let empty = query.search ? `No ${one} matches this search.` : `No ${many} yet.`;
  if (read.isError) empty = 'Nothing to show.';
  else if (read.isPending) empty = `Loading ${many}...`;

  return (
    <section className="dv-page" aria-labelledby={titleId}>
      <h1 id={titleId} className="dv-page-title">
        {title}
      </h1>
      <div className="dv-manage-toolbar" role="search" aria-label={`Search ${many}`}>
        <SearchBox label={`Search ${many}`} placeholder={searchPlaceholder} value={query.search ?? ''} onSearch={onSearch} />
        {create && !creating ? (
          <Button type="primary" onClick={() => setCreating(true)}>
            {create.label}
          </Button>
        ) : null}
      </div>
      {create && creating ? <div className="dv-manage-panel">{create.form(() => setCreating(false))}</div> : null}
      <ListFrame
        regionLabel={`${capitalized(one)} table`}
        labelledBy={titleId}
        tableClassName={`dv-${id}__table dv-table-wraps`}
        rowClassName="dv-manage-row"
        columns={columns}
        items={read.data?.items ?? []}
        rowKey={rowKey}
        onOpen={onOpen}
        busy={read.isFetching}
        empty={empty}
        error={read.isError ? { title: `The ${many} could not be loaded.`, className: `dv-${id}__error`, onRetry: () => void read.refetch() } : undefined}
        total={read.data?.total}
        pager={{
          label: `${capitalized(one)} pages`,
          page: query.page,
          pageSize: query.pageSize,
          pageSizes: MANAGEMENT_PAGE_SIZES,
          totalText: (total) => `${total} ${total === 1 ? one : many}`,
          onChange: (to, pageSize) => update({ page: to, pageSize }),
        }}
      />
    </section>
  );
}

export type ManagementRecordPageProps<T> = {
  /** What the record is, in a sentence: 'office'; names the heading too ('office-title'). */
  readonly thing: string;
  /** Why it may not exist: 'It may belong to another organization.' */
  readonly notFoundText: string;
  /** The list's path and the link's text ('Back to the offices'): the list opens as it was left. */
  readonly back: { readonly path: string; readonly label: string };
  /** The heading until the record is read ('Office'). */
  readonly fallbackTitle: string;
  readonly placeholderRows: number;
  readonly read: UseQueryResult<T>;
  readonly view: (record: T) => ReactNode;
};

export function ManagementRecordPage<T extends { readonly name: string }>(props: ManagementRecordPageProps<T>) {
  const { thing, read } = props;
  const listSearch = useListSearch();
  let body;
  if (read.isPending) body = <PlaceholderLines rows={props.placeholderRows} label={`Loading the ${thing}`} />;
  else if (read.isError) {
    body =
      read.error instanceof ApiCallError && read.error.status === 404 ? (
        <StatusResult status="warning" title={`This ${thing} does not exist.`} subTitle={props.notFoundText} />
      ) : (
        <LoadError title={`The ${thing} could not be loaded.`} onRetry={() => void read.refetch()} />
      );
  } else body = props.view(read.data);
  return (
    <section className="dv-page" aria-labelledby={`${thing}-title`}>
      <p className="dv-para">
        <Link to={`${props.back.path}${listSearch}`}>{props.back.label}</Link>
      </p>
      <h1 id={`${thing}-title`} className="dv-page-title">
        {read.data?.name ?? props.fallbackTitle}
      </h1>
      {body}
    </section>
  );
}
