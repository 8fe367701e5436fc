/**
 * A sortable column's header cell: the whole title is a button (reachable by Tab, pressed with Enter or Space),
 * and the cell says how the column sorts the table in aria-sort, only while it does, as ARIA's sortable table asks.
 * The carets show the same to the eye. For tables whose sorting is done elsewhere (a server): the header only
 * reports the press.
 */
import CaretDownOutlined from '@ant-design/icons/CaretDownOutlined';
import CaretUpOutlined from '@ant-design/icons/CaretUpOutlined';
import { type CSSProperties, type ReactNode } from 'react';
import './sort-header.css';

export type SortDirection = 'ascending' | 'descending';

export type SortHeaderProps = {
  readonly children: ReactNode;
  /** How the table is sorted by this column, or undefined when it is sorted by another. */
  readonly sorted: SortDirection | undefined;
  readonly onSort: () => void;
  readonly style?: CSSProperties;
};

export function SortHeader({ children, sorted, onSort, style }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={sorted} style={style}>
      <button type="button" className="dv-sort-header" onClick={onSort}>
        <span>{children}</span>
        <span className="dv-sort-header__carets" aria-hidden="true">
          <CaretUpOutlined className={sorted === 'ascending' ? 'dv-sort-header__caret--on' : undefined} />
          <CaretDownOutlined className={sorted === 'descending' ? 'dv-sort-header__caret--on' : undefined} />
        </span>
      </button>
    </th>
  );
}
