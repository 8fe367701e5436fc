/**
 * Labelled values one per row (payer, coverage, dates ...), drawn like antd's small bordered Descriptions with one
 * column: a plain table whose rows each head with their label. Antd's Descriptions measures breakpoints and
 * spans columns for layouts these pages never use.
 */
import { type Key, type ReactNode, type TableHTMLAttributes } from 'react';
import './description-list.css';

export type DescriptionItem = { readonly key: Key; readonly label: ReactNode; readonly children: ReactNode };

export type DescriptionListProps = TableHTMLAttributes<HTMLTableElement> & {
  readonly items: readonly DescriptionItem[];
};

/** Name the list with aria-label or aria-labelledby, as a table it is announced by. */
export function DescriptionList({ items, className, ...table }: DescriptionListProps) {
  return (
    <table className={`dv-descriptions${className ? ` ${className}` : ''}`} {...table}>
      <tbody>
        {items.map((item) => (
          <tr key={item.key}>
            <th scope="row">{item.label}</th>
            <td>{item.children}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
