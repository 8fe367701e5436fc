import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CategoryTable } from './category-table';
import { cellOf, rowHeaders, tableNamed } from './testing/table-queries';
import { fixtureDetail, renderInWorkspace } from './testing/workspace-fixture';

const categories = () => tableNamed('Coverage by category');
const cell = (name: string, column: string) => cellOf(categories(), name, column);

describe('CategoryTable', () => {
  it('lists every category in order, each followed by its subcategories', () => {
    renderInWorkspace(<CategoryTable />);
    const names = rowHeaders(categories()).map((header) => header.replace(/Out of network.*$/, ''));
    expect(names).toEqual([
      'Preventative',
      'Diagnostic',
      'X-Ray',
      'Exams',
      'Prophylaxis',
      'Basic',
      'Restorative',
      'Endodontics',
      'Periodontics',
      'Crowns',
      'Major',
      'Implant Services',
      'Prosthodontics',
      'Oral & Maxillofacial Surgery',
      'Dentures',
      'Bridges',
      'Orthodontics',
      'Adjunctive General Services',
    ]);
    expect(within(categories()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Category',
      'Plan pays',
      'Deductible applies',
      'Waiting period',
      'Lifetime maximum',
    ]);
  });

  it('shows what the plan pays, whether the deductible applies, the waiting period and money', () => {
    renderInWorkspace(<CategoryTable />);
    expect(cell('Preventative', 'Plan pays')).toHaveTextContent('100%');
    expect(cell('Preventative', 'Deductible applies')).toHaveTextContent('No');
    expect(cell('Restorative', 'Plan pays')).toHaveTextContent('80%');
    expect(cell('Restorative', 'Deductible applies')).toHaveTextContent('Yes');
    expect(cell('Crowns', 'Plan pays')).toHaveTextContent('50%');
    expect(cell('Crowns', 'Waiting period')).toHaveTextContent('12 months');
    expect(cell('Orthodontics', 'Lifetime maximum')).toHaveTextContent('$1,500.00');
    expect(within(cell('Crowns', 'Plan pays')).getByRole('img', { name: 'Crowns plan pays: confidence 3 of 4' })).toBeInTheDocument();
  });

  it("puts an entry's caveats under its name", () => {
    renderInWorkspace(<CategoryTable />);
    expect(cell('Crowns', 'Category')).toHaveTextContent('CrownsOut of network: plan pays 50%');
    expect(cell('Endodontics', 'Category')).toHaveTextContent(/^Endodontics$/);
  });

  it("shows what the plan does not state as 'Not stated', without a badge, still editable", () => {
    renderInWorkspace(<CategoryTable />);
    const basic = cell('Basic', 'Plan pays');
    expect(basic).toHaveTextContent('Not stated');
    expect(within(basic).queryByRole('img', { name: /confidence/ })).not.toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Edit Basic plan pays' })).toBeInTheDocument();
    expect(cell('Dentures', 'Waiting period')).toHaveTextContent('Not stated');
  });

  it('creates a missing category value through its path', async () => {
    const user = userEvent.setup();
    const save = jest.fn(() => ({ kind: 'saved' as const }));
    renderInWorkspace(<CategoryTable />, { save });
    await user.click(screen.getByRole('button', { name: 'Edit Basic plan pays' }));
    await user.type(await screen.findByRole('spinbutton', { name: 'Basic plan pays' }), '70');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(save).toHaveBeenCalledWith('plan.benefits.adaCodes.CAT:Basic.benefitLevel', 70);
    await waitFor(() => expect(cell('Basic', 'Plan pays')).toHaveTextContent('70%'));
    expect(within(cell('Basic', 'Plan pays')).getByRole('img', { name: 'Basic plan pays: confidence 4 of 4' })).toBeInTheDocument();
  });

  it('adds a limitation column when a category states one', () => {
    const detail = fixtureDetail((draft) => {
      Object.assign(draft.plan.benefits.adaCodes['SUB:Periodontics'], { limitation: { value: { quantity: 2, frequency: 12, timePeriod: 'mo' }, score: 2 } });
    });
    renderInWorkspace(<CategoryTable />, { detail });
    expect(cell('Periodontics', 'Limitation')).toHaveTextContent('2 per 12 months');
    expect(cell('Crowns', 'Limitation')).toHaveTextContent('Not stated');
  });

  it('says so when there is no plan yet', () => {
    const detail = fixtureDetail((draft) => {
      Object.assign(draft, { plan: null });
    });
    renderInWorkspace(<CategoryTable />, { detail });
    expect(within(categories()).getByText('No plan from the sources yet')).toBeInTheDocument();
  });
});
