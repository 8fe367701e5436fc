import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DAYJS_DATE_FORMAT, isValidDate, maskDate } from './date-format';
import { DateInput } from './date-input';
import { acceptsTyping, PatternInput } from './pattern-input';

describe('date fields (MM/dd/yyyy)', () => {
  it('speaks dayjs', () => expect(DAYJS_DATE_FORMAT).toBe('MM/DD/YYYY'));

  it('masks typing into MM/dd/yyyy', () => {
    expect(maskDate('0')).toBe('0');
    expect(maskDate('031')).toBe('03/1');
    expect(maskDate('03/15/2024')).toBe('03/15/2024');
    expect(maskDate('03152024999')).toBe('03/15/2024');
    expect(maskDate('ab12')).toBe('12');
  });

  it('accepts real dates only', () => {
    expect(isValidDate('02/29/2024')).toBe(true);
    expect(isValidDate('02/29/2023')).toBe(false);
    expect(isValidDate('13/01/2024')).toBe(false);
    expect(isValidDate('3/1/2024')).toBe(false);
  });

  function DateField() {
    const [value, setValue] = useState('');
    return <DateInput id="dob" aria-label="Date of birth" value={value} onChange={(next) => setValue(next)} />;
  }

  it('marks an impossible date as in error and a real one as fine', async () => {
    const user = userEvent.setup();
    render(<DateField />);
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(input, '02302024');
    expect(input).toHaveValue('02/30/2024');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '02282024');
    expect(input).toHaveValue('02/28/2024');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks an incomplete date as in error once the field is left', async () => {
    const user = userEvent.setup();
    render(<DateField />);
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(input, '0228');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('pattern input', () => {
  it('judges the whole new value', () => {
    expect(acceptsTyping(/^\d*$/, '123')).toBe(true);
    expect(acceptsTyping(/\d*/, '12a')).toBe(false);
    expect(acceptsTyping(/[A-Z]{0,3}/, 'ABC')).toBe(true);
    expect(acceptsTyping(/[A-Z]{0,3}/, 'ABCD')).toBe(false);
  });

  it('refuses characters the pattern does not allow', async () => {
    function Digits() {
      const [value, setValue] = useState('');
      return <PatternInput aria-label="NPI" allow={/^\d*$/} value={value} onChange={setValue} />;
    }
    render(<Digits />);
    const input = screen.getByRole('textbox', { name: 'NPI' });
    await userEvent.type(input, '12a3-4');
    expect(input).toHaveValue('1234');
  });
});
