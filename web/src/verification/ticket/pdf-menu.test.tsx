/** The Download PDF menu button: opened by a click or by keyboard, picked with the mouse or the keys. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PdfMenu } from './pdf-menu';

describe('PdfMenu', () => {
  it('opens its menu, gives it the focus, and picks with the keys', async () => {
    const user = userEvent.setup({ delay: null });
    const onPick = jest.fn();
    render(<PdfMenu onPick={onPick} loading={false} disabled={false} />);
    const button = screen.getByRole('button', { name: /Download PDF/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const first = await screen.findByRole('menuitem', { name: 'Breakdown (with the patient)' });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Plan only (no patient data)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('Plan');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('picks with a click and closes on Escape', async () => {
    const user = userEvent.setup({ delay: null });
    const onPick = jest.fn();
    render(<PdfMenu onPick={onPick} loading={false} disabled={false} />);
    const button = screen.getByRole('button', { name: /Download PDF/ });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Breakdown (with the patient)' }));
    expect(onPick).toHaveBeenCalledWith('Breakdown');

    await user.click(button);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Breakdown (with the patient)' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(onPick).toHaveBeenCalledTimes(1);
  });
});
