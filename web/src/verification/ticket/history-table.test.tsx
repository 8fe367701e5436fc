import { screen, within } from '@testing-library/react';
import { HistoryTable } from './history-table';
import { cellOf, rowHeaders, tableNamed } from './testing/table-queries';
import { fixtureDetail, renderInWorkspace } from './testing/workspace-fixture';

const history = () => tableNamed('Service history');

describe('HistoryTable', () => {
  it('lists the services newest first, with how complete the sources say the history is', () => {
    renderInWorkspace(<HistoryTable />);
    expect(screen.getByText(/^History from the sources:/)).toHaveTextContent('History from the sources: Complete');
    expect(rowHeaders(history())).toEqual(['10/30/2026', '09/25/2026', '07/27/2026', '07/27/2026', '05/02/2026', '01/28/2026', '01/19/2026']);
    expect(within(history()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Date', 'Code', 'Description', 'Tooth / area', 'Notes']);
  });

  it('names each code and where in the mouth it was done', () => {
    renderInWorkspace(<HistoryTable />);
    expect(cellOf(history(), '09/25/2026', 'Code')).toHaveTextContent(/^D2391$/);
    expect(cellOf(history(), '09/25/2026', 'Description')).toHaveTextContent('Tooth-coloured filling, one surface, back tooth');
    expect(cellOf(history(), '09/25/2026', 'Tooth / area')).toHaveTextContent('#30 MO');
    expect(cellOf(history(), '09/25/2026', 'Notes')).toHaveTextContent('Resin composite, two surfaces, posterior');
    expect(cellOf(history(), '05/02/2026', 'Tooth / area')).toHaveTextContent('Quadrants UL, UR');
    expect(cellOf(history(), '10/30/2026', 'Tooth / area')).toHaveTextContent('Upper arch');
  });

  it('lists the lines not matched to a code below', () => {
    renderInWorkspace(<HistoryTable />);
    const unmapped = tableNamed('Unmapped history');
    expect(rowHeaders(unmapped)).toEqual(['Consultation']);
    expect(cellOf(unmapped, 'Consultation', 'Code')).toHaveTextContent('D9310X');
    expect(cellOf(unmapped, 'Consultation', 'Date')).toHaveTextContent('02/30/2026 (not a valid date)');
  });

  it('says so when the sources returned no history', () => {
    const detail = fixtureDetail((draft) => {
      Object.assign(draft.patient, { history: [], historyStatus: 'None', unmappedHistory: undefined });
    });
    renderInWorkspace(<HistoryTable />, { detail });
    expect(within(history()).getByText('No history from the sources')).toBeInTheDocument();
    expect(screen.getByText(/^History from the sources:/)).toHaveTextContent('History from the sources: None');
    expect(screen.queryByRole('table', { name: 'Unmapped history' })).not.toBeInTheDocument();
  });
});
