import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, type TabItem } from './tabs';

const ITEMS: readonly TabItem[] = ['One', 'Two', 'Three'].map((label, index) => ({ key: String(index), label, children: `${label} panel` }));

describe('Tabs', () => {
  it('moves along the row from the focused tab, even before the caller re-renders with the selected key', async () => {
    const changes: string[] = [];
    // A caller that has not re-rendered yet: activeKey stays '0' whatever onChange heard.
    render(<Tabs items={ITEMS} activeKey="0" onChange={(key) => changes.push(key)} label="Example" />);
    const user = userEvent.setup();
    screen.getByRole('tab', { name: 'One' }).focus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    // Every move was heard, except onto the tab that is already selected.
    expect(changes).toEqual(['1', '2', '2', '2']);
  });

  it('keeps the selected tab alone in the Tab order and shows its panel', () => {
    render(<Tabs items={ITEMS} activeKey="1" onChange={() => undefined} />);
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Two panel');
  });
});
