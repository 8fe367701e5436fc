/**
 * Paging through a list that a server pages: the total, Previous, the page numbers (the first, the last and those
 * around the current one), Next, and how many rows a page holds. It only reports what was asked for; the list
 * reads the page and its size from wherever it keeps them (the address, often). Plain buttons and a native
 * select, drawn like antd's Pagination, which brings its Select (and what that needs) to every page that uses it.
 */
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { type ReactNode } from 'react';
import './data-pager.css';

export type DataPagerProps = {
  /** Names the pager's navigation landmark ('Bug report pages'). */
  readonly label: string;
  /** The current page, from 1. */
  readonly page: number;
  readonly pageSize: number;
  /** How many rows there are over all pages. */
  readonly total: number;
  readonly pageSizes: readonly number[];
  readonly onChange: (page: number, pageSize: number) => void;
  /** What is said of the total before the pages ('25 reports'). */
  readonly totalText?: (total: number) => ReactNode;
};

/** Pages on either side of the current one that are always offered. */
const AROUND = 2;

/**
 * The page numbers to offer, in order, with 'gap' where numbers are left out: every page when there are few, else
 * the first, the last and the current one with its neighbours. A gap never stands for a single page.
 */
export function pageItems(page: number, pageCount: number): (number | 'gap')[] {
  const shown = new Set<number>([1, pageCount]);
  for (let n = page - AROUND; n <= page + AROUND; n += 1) if (n >= 1 && n <= pageCount) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  for (const n of sorted) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && n - previous === 2) items.push(n - 1);
    else if (typeof previous === 'number' && n - previous > 2) items.push('gap');
    items.push(n);
  }
  return items;
}

export function DataPager({ label, page, pageSize, total, pageSizes, onChange, totalText }: DataPagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);
  const go = (to: number) => {
    if (to !== page) onChange(to, pageSize);
  };
  return (
    <nav className="dv-pager" aria-label={label}>
      {totalText ? <span className="dv-pager__total">{totalText(total)}</span> : null}
      <ul className="dv-pager__pages">
        <li>
          <button type="button" className="dv-pager__item" aria-label="Previous page" disabled={page <= 1} onClick={() => go(page - 1)}>
            <LeftOutlined aria-hidden="true" />
          </button>
        </li>
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="dv-pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="dv-pager__item"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="dv-pager__item"
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => go(page + 1)}
          >
            <RightOutlined aria-hidden="true" />
          </button>
        </li>
      </ul>
      <select
        className="dv-pager__size"
        aria-label="Rows per page"
        value={pageSize}
        onChange={(event) => onChange(page, Number(event.target.value))}
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size} / page
          </option>
        ))}
      </select>
    </nav>
  );
}
