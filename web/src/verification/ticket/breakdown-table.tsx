/**
 * A table of the breakdown: small, every row shown, named for assistive technology. It scrolls sideways inside
 * its own box (a phone never scrolls the page), and that box takes the focus, so keyboard users can scroll a
 * table whose cells hold nothing focusable.
 */
import { Table, type TableProps } from 'antd';

export type BreakdownTableProps<T> = Omit<TableProps<T>, 'pagination' | 'size' | 'scroll'> & { label: string };

export function BreakdownTable<T extends object>({ label, ...table }: BreakdownTableProps<T>) {
  return (
    <div className="dv-table-scroll" tabIndex={0} role="region" aria-label={label}>
      <Table<T> aria-label={label} rowKey="key" pagination={false} size="small" {...table} />
    </div>
  );
}
