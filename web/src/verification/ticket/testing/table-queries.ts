/** Reading the breakdown's tables the way a user does: a table by its name, a row by its header, a cell by column. */
import { screen, within } from '@testing-library/react';

export function tableNamed(name: string): HTMLTableElement {
  return screen.getByRole<HTMLTableElement>('table', { name });
}

/** The row headers' texts, top to bottom. */
export function rowHeaders(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('rowheader')
    .map((header) => header.textContent ?? '');
}

/** The row whose header starts with `header` (a category's header also holds its caveats). */
export function rowOf(table: HTMLElement, header: string): HTMLTableRowElement {
  const cell = within(table)
    .getAllByRole('rowheader')
    .find((candidate) => (candidate.textContent ?? '').startsWith(header));
  if (!cell) throw new Error(`No row '${header}' in ${table.getAttribute('aria-label')}: ${rowHeaders(table).join(', ')}`);
  return cell.closest('tr')!;
}

/** The cell of the row under the column titled `column`. */
export function cellOf(table: HTMLElement, header: string, column: string): HTMLElement {
  const titles = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  const index = titles.indexOf(column);
  if (index < 0) throw new Error(`No column '${column}': ${titles.join(', ')}`);
  return rowOf(table, header).cells[index]!;
}
