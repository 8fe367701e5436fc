/**
 * A small table, every row shown, named for assistive technology. It scrolls sideways inside
 * its own box (a phone never scrolls the page), and that box takes the focus, so keyboard users can scroll a
 * table whose cells hold nothing focusable.
 *
 * A plain HTML table rather than antd's Table: that one brings its sorting, filtering, pagination and virtual
 * scrolling (some 80 KB compressed) to pages that show every row as it comes.
 */
import { type Key, type ReactNode } from 'react';
import './ui.css';

export type PlainColumn<T> = {
  readonly title: ReactNode;
  readonly key: string;
  /** The record's field the cell shows, and hands to `render` as its value. */
  readonly dataIndex?: keyof T & string;
  /** 'row': the column's cells head their rows (`<th scope="row">`). */
  readonly rowScope?: 'row';
  /** Method syntax on purpose: a column may type the value it knows its field holds (`(text: string) => ...`). */
  render?(value: unknown, record: T): ReactNode;
};

export type PlainTableProps<T> = {
  /** Names the table and its scroll box. */
  readonly label: string;
  readonly columns: readonly PlainColumn<T>[];
  readonly dataSource: readonly T[];
  /** What the table says when it has no rows. */
  readonly emptyText?: ReactNode;
  /** A wide table: its cells wrap to fit a desktop box before it scrolls (`dv-table-wraps`). */
  readonly wraps?: boolean;
};

function cellContent<T>(column: PlainColumn<T>, record: T): ReactNode {
  const value = column.dataIndex === undefined ? undefined : record[column.dataIndex];
  if (column.render) return column.render(value, record);
  return value as ReactNode;
}

export function PlainTable<T extends { readonly key: Key }>({ label, columns, dataSource, emptyText = 'No data', wraps = false }: PlainTableProps<T>) {
  return (
    <div className="dv-table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className={wraps ? 'dv-table dv-table-wraps' : 'dv-table'} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dataSource.length === 0 ? (
            <tr>
              <td className="dv-table-empty" colSpan={columns.length}>
                {emptyText}
              </td>
            </tr>
          ) : (
            dataSource.map((record) => (
              <tr key={record.key}>
                {columns.map((column) =>
                  column.rowScope === 'row' ? (
                    <th key={column.key} scope="row">
                      {cellContent(column, record)}
                    </th>
                  ) : (
                    <td key={column.key}>{cellContent(column, record)}</td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
