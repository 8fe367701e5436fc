import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProcedureTable } from './procedure-table';
import { cellOf, rowHeaders, tableNamed } from './testing/table-queries';
import { FIXTURE_TODAY, fixtureDetail, renderInWorkspace } from './testing/workspace-fixture';

const procedures = () => tableNamed('Procedure codes');
const cell = (code: string, column: string) => cellOf(procedures(), code, column);

describe('ProcedureTable', () => {
  it('lists the plan codes in code order, without the ADA: prefix, with their CDT description', () => {
    renderInWorkspace(<ProcedureTable today={FIXTURE_TODAY} />);
    expect(rowHeaders(procedures())).toEqual(['D0120', 'D0150', 'D0210', 'D0274', 'D1110', 'D1206', 'D1351', 'D2391', 'D2740', 'D4910']);
    expect(cell('D0120', 'Description')).toHaveTextContent('Routine check-up exam for an existing patient');
    expect(cell('D2740', 'Description')).toHaveTextContent('Porcelain crown');
  });

  it('writes limitations in words and age limits as ranges', () => {
    renderInWorkspace(<ProcedureTable today={FIXTURE_TODAY} />);
    expect(cell('D1110', 'Limitation')).toHaveTextContent('1 per 6 months');
    expect(cell('D4910', 'Limitation')).toHaveTextContent('2 per 12 months');
    expect(cell('D0274', 'Limitation')).toHaveTextContent('1 per year');
    expect(cell('D0210', 'Limitation')).toHaveTextContent('1 per 5 years');
    expect(cell('D2391', 'Limitation')).toHaveTextContent('Not stated');
    expect(cell('D1206', 'Age limits')).toHaveTextContent(/^Up to age 18/);
    expect(cell('D1351', 'Age limits')).toHaveTextContent(/^Ages 6 to 15/);
    expect(cell('D0120', 'Age limits')).toHaveTextContent(/^Not stated/);
    expect(within(cell('D1206', 'Age limits')).getByRole('button', { name: 'Edit D1206 maximum age' })).toBeInTheDocument();
    expect(within(cell('D1206', 'Age limits')).getByRole('img', { name: 'D1206 minimum age: confidence 1 of 4' })).toBeInTheDocument();
  });

  it("shows the code's own benefit level editable, else its subcategory's or category's greyed and read only", () => {
    renderInWorkspace(<ProcedureTable today={FIXTURE_TODAY} />);
    expect(cell('D4910', 'Plan pays')).toHaveTextContent('80%');
    expect(within(cell('D4910', 'Plan pays')).getByRole('button', { name: 'Edit D4910 plan pays' })).toBeInTheDocument();

    expect(cell('D2391', 'Plan pays')).toHaveTextContent('80% (from Restorative)');
    expect(cell('D2740', 'Plan pays')).toHaveTextContent('50% (from Crowns)');
    expect(cell('D0120', 'Plan pays')).toHaveTextContent('100% (from Preventative)');
    expect(within(cell('D2740', 'Plan pays')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(cell('D2740', 'Plan pays')).queryByRole('img', { name: /confidence/ })).not.toBeInTheDocument();
    expect(cell('D2740', 'Waiting period')).toHaveTextContent('12 months (from Crowns)');
  });

  it('computes the next eligible date from the limitation and the last service in the history', () => {
    renderInWorkspace(<ProcedureTable today={FIXTURE_TODAY} />);
    // Cleanings on 01/19/2026 and 07/27/2026, one per 6 months: six months after the later one.
    expect(cell('D1110', 'Last service')).toHaveTextContent('07/27/2026');
    expect(cell('D1110', 'Next eligible')).toHaveTextContent('01/27/2027based on 1 per 6 months and the last service on 07/27/2026');
    expect(cell('D0120', 'Next eligible')).toHaveTextContent(/^01\/27\/2027/);
    // One per year: a year after 01/28/2026.
    expect(cell('D0274', 'Next eligible')).toHaveTextContent(/^01\/28\/2027/);
    // Two per 12 months, both used (05/02 and 10/30): a year after the older one.
    expect(cell('D4910', 'Last service')).toHaveTextContent('10/30/2026');
    expect(cell('D4910', 'Next eligible')).toHaveTextContent(/^05\/02\/2027/);
  });

  it("says 'Now' for a limited code without recent history, and nothing for an unlimited one", () => {
    renderInWorkspace(<ProcedureTable today={FIXTURE_TODAY} />);
    expect(cell('D0210', 'Last service')).toHaveTextContent('None on record');
    expect(cell('D0210', 'Next eligible')).toHaveTextContent('Nowbased on 1 per 5 years and no service on record');
    expect(cell('D2391', 'Last service')).toHaveTextContent('09/25/2026');
    expect(cell('D2391', 'Next eligible')).toHaveTextContent('No limitation stated');
  });

  it('is eligible again once the period has passed', () => {
    renderInWorkspace(<ProcedureTable today="01/27/2027" />);
    expect(cell('D1110', 'Next eligible')).toHaveTextContent(/^Nowbased on 1 per 6 months and the last service on 07\/27\/2026/);
  });

  it('filters the procedures by code or description', async () => {
    const user = userEvent.setup();
    renderInWorkspace(<ProcedureTable today={FIXTURE_TODAY} />);
    const filter = screen.getByRole('textbox', { name: 'Filter procedures' });
    await user.type(filter, 'cleaning');
    expect(rowHeaders(procedures())).toEqual(['D1110', 'D4910']);
    await user.clear(filter);
    await user.type(filter, 'ada:d02');
    expect(rowHeaders(procedures())).toEqual(['D0210', 'D0274']);
    await user.clear(filter);
    await user.type(filter, 'implant');
    expect(within(procedures()).getByText('No procedure matches the filter')).toBeInTheDocument();
  });

  it('offers no filter for a short list', () => {
    const detail = fixtureDetail((draft) => {
      const codes = draft.plan.benefits.adaCodes as Record<string, unknown>;
      for (const key of ['ADA:D0150', 'ADA:D1351', 'ADA:D2391', 'ADA:D2740']) delete codes[key];
    });
    renderInWorkspace(<ProcedureTable today={FIXTURE_TODAY} />, { detail });
    expect(rowHeaders(procedures())).toHaveLength(6);
    expect(screen.queryByRole('textbox', { name: 'Filter procedures' })).not.toBeInTheDocument();
  });

  it('edits a limitation in place and recomputes the next eligible date', async () => {
    const user = userEvent.setup();
    const save = jest.fn(() => ({ kind: 'saved' as const }));
    const { requests } = renderInWorkspace(<ProcedureTable today={FIXTURE_TODAY} />, { save });

    await user.click(within(cell('D1110', 'Limitation')).getByRole('button', { name: 'Edit D1110 limitation' }));
    const howMany = await screen.findByRole('spinbutton', { name: 'D1110 limitation: how many' });
    await user.clear(howMany);
    await user.type(howMany, '2');
    const perHowMany = screen.getByRole('spinbutton', { name: 'D1110 limitation: per how many' });
    await user.clear(perHowMany);
    await user.type(perHowMany, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(cell('D1110', 'Limitation')).toHaveTextContent('2 per 12 months'));
    expect(save).toHaveBeenCalledWith('plan.benefits.adaCodes.ADA:D1110.limitation', { quantity: 2, frequency: 12, timePeriod: 'mo' });
    expect(requests).toEqual([
      {
        method: 'PATCH',
        url: '/api/verifications/ver-test-1',
        body: { edits: [{ path: 'plan.benefits.adaCodes.ADA:D1110.limitation', value: { quantity: 2, frequency: 12, timePeriod: 'mo' } }], version: 2 },
      },
    ]);
    expect(within(cell('D1110', 'Limitation')).getByRole('img', { name: 'D1110 limitation: confidence 4 of 4' })).toBeInTheDocument();
    // Both cleanings of the last 12 months count now: a year after 01/19/2026.
    expect(cell('D1110', 'Next eligible')).toHaveTextContent(/^01\/19\/2027based on 2 per 12 months/);
    expect(await screen.findByText('Your changes has been saved.')).toBeInTheDocument();
  });

  it('keeps the editor open with the reason when the value is refused', async () => {
    const user = userEvent.setup();
    renderInWorkspace(<ProcedureTable today={FIXTURE_TODAY} />, { save: () => ({ kind: 'invalid', message: 'Age max must be at most 1000' }) });
    await user.click(screen.getByRole('button', { name: 'Edit D1206 maximum age' }));
    const max = await screen.findByRole('spinbutton', { name: 'D1206 maximum age' });
    await user.clear(max);
    await user.type(max, '1200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Age max must be at most 1000');
    expect(max).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows no edit button to a user who may not edit', () => {
    renderInWorkspace(<ProcedureTable today={FIXTURE_TODAY} />, { canEdit: false });
    expect(within(procedures()).queryAllByRole('button')).toEqual([]);
    expect(cell('D0120', 'Age limits')).toHaveTextContent(/^Not stated$/);
  });
});
