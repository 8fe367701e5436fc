import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { type ListColumn, ListFrame, sortChange, sortDirectionOf } from './list-frame';

type Row = { id: string; name: string };
const COLUMNS: readonly ListColumn<Row, 'name'>[] = [
  { key: 'name', title: 'Name', sort: 'name', cell: (row) => <a href={`#${row.id}`}>{row.name}</a> },
  { key: 'id', title: 'Id', cell: (row) => row.id },
];
const PAGER = { label: 'Row pages', page: 1, pageSize: 10, pageSizes: [10, 20], onChange: () => undefined };

type Handlers = { onOpen?: (row: Row) => void; onSort?: (field: 'name') => void; rowTestId?: (row: Row) => string };

function renderFrame(rows: Row[], total: number | undefined, handlers: Handlers = {}) {
  return render(
    <MemoryRouter>
      <h1 id="rows-title">Rows</h1>
      <ListFrame
        regionLabel="Row table"
        labelledBy="rows-title"
        tableClassName="rows"
        rowClassName="rows__row"
        columns={COLUMNS}
        items={rows}
        rowKey={(row) => row.id}
        rowTestId={handlers.rowTestId}
        onOpen={handlers.onOpen ?? (() => undefined)}
        busy={false}
        empty="Nothing here."
        sort={{ sortedBy: (field) => (field === 'name' ? 'ascending' : undefined), onSort: handlers.onSort ?? (() => undefined) }}
        total={total}
        pager={PAGER}
      />
    </MemoryRouter>,
  );
}

describe('ListFrame', () => {
  it('opens a row on a click outside its links, and leaves the links to themselves', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    renderFrame([{ id: 'r1', name: 'First' }], 1, { onOpen: (row) => opened.push(row.id) });
    await user.click(screen.getByRole('cell', { name: 'r1' }));
    await user.click(screen.getByRole('link', { name: 'First' }));
    expect(opened).toEqual(['r1']);
    expect(screen.getByRole('table', { name: 'Rows' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Row pages' })).toBeInTheDocument();
  });

  it('names each row for tests when asked, and leaves rows unnamed otherwise', () => {
    const { unmount } = renderFrame([{ id: 'r1', name: 'First' }], 1, { rowTestId: (row) => `row-${row.id}` });
    expect(screen.getByTestId('row-r1')).toHaveTextContent('First');
    unmount();
    renderFrame([{ id: 'r1', name: 'First' }], 1);
    expect(screen.getByRole('cell', { name: 'r1' }).closest('tr')).not.toHaveAttribute('data-testid');
  });

  it('says why there are no rows across the whole table, with no pager', () => {
    renderFrame([], 0);
    expect(screen.getByRole('cell', { name: 'Nothing here.' })).toHaveAttribute('colspan', '2');
    expect(screen.queryByRole('navigation', { name: 'Row pages' })).toBeNull();
  });

  it('sorts on the server: a sortable header reports its field and says how it sorts', async () => {
    const user = userEvent.setup();
    const sorted: string[] = [];
    renderFrame([], undefined, { onSort: (field) => sorted.push(field) });
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers[0]).toHaveAttribute('aria-sort', 'ascending');
    expect(headers[1]).not.toHaveAttribute('aria-sort');
    await user.click(within(headers[0]!).getByRole('button', { name: 'Name' }));
    expect(sorted).toEqual(['name']);
  });

  it('turns a column round on a second press and starts another column in its first order', () => {
    const first = { name: 'asc', date: 'desc' } as const;
    expect(sortChange({ sort: 'name', order: 'asc' }, 'name', first)).toEqual({ sort: 'name', order: 'desc' });
    expect(sortChange({ sort: 'name', order: 'asc' }, 'date', first)).toEqual({ sort: 'date', order: 'desc' });
    expect(sortDirectionOf({ sort: 'date', order: 'desc' }, 'date')).toBe('descending');
    expect(sortDirectionOf({ sort: 'date', order: 'desc' }, 'name')).toBeUndefined();
  });
});
