import { TOAST_DISPLAY_MS } from '@dv/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { InfoBar, InfoBarProvider, useInfoBar } from './info-bar';
import { type InfoBarMessage } from './info-bar-text';

function Show({ message }: { message: InfoBarMessage }) {
  const bar = useInfoBar();
  useEffect(() => bar.show(message), [bar, message]);
  return null;
}

function renderBar(message: InfoBarMessage, onBugReport = jest.fn()) {
  render(
    <InfoBarProvider>
      <Show message={message} />
      <InfoBar onBugReport={onBugReport} />
    </InfoBarProvider>,
  );
  return { onBugReport };
}

describe('info bar', () => {
  it.each([
    [{ type: 'inprogress' }, 'status', 'Saving. Wait...'],
    [{ type: 'saved' }, 'status', 'Your changes has been saved.'],
    [{ type: 'copied' }, 'status', 'Data copied to clipboard!'],
    [{ type: 'success', text: 'Bug report sent!' }, 'status', 'Bug report sent!'],
    [{ type: 'error', text: 'Failed to delete credential' }, 'alert', 'Failed to delete credential'],
  ] as const)('shows %j', (message, role, text) => {
    renderBar(message);
    expect(screen.getByRole(role)).toHaveTextContent(text);
  });

  it('shows the generic error with the advice to report the bug', async () => {
    const { onBugReport } = renderBar({ type: 'error' });
    const bar = screen.getByRole('alert');
    expect(bar).toHaveTextContent('Unfortunately we encountered an error.');
    expect(bar).toHaveTextContent('Please use the Report Bug tool to tell us what happened.');
    await userEvent.click(screen.getByRole('button', { name: 'Report Bug' }));
    expect(onBugReport).toHaveBeenCalled();
  });

  it('shows errorReport as the generic error with the advice', () => {
    renderBar({ type: 'errorReport', text: 'The plan could not be saved.' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unfortunately we encountered an error.The plan could not be saved. Please use the Report Bug tool',
    );
  });

  it('lets errors be closed and keeps progress until replaced', async () => {
    renderBar({ type: 'error' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a detail under a confirmation, politely', () => {
    renderBar({ type: 'saved', detail: 'Logging in to MetLife Dental...' });
    const bar = screen.getByRole('status');
    expect(bar).toHaveTextContent('Your changes has been saved.Logging in to MetLife Dental...');
    expect(bar).toHaveClass('dv-alert--success');
  });

  it('draws a detail that needs attention as a warning, announced at once and kept until closed', async () => {
    jest.useFakeTimers();
    try {
      renderBar({ type: 'saved', detail: 'DentalXChange: Invalid', attention: true });
      const bar = screen.getByRole('alert');
      expect(bar).toHaveTextContent('Your changes has been saved.DentalXChange: Invalid');
      expect(bar).toHaveClass('dv-alert--warning');
      act(() => jest.advanceTimersByTime(TOAST_DISPLAY_MS * 2));
      expect(screen.getByRole('alert')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides confirmations after the toast time, errors stay', () => {
    jest.useFakeTimers();
    try {
      renderBar({ type: 'saved' });
      act(() => jest.advanceTimersByTime(TOAST_DISPLAY_MS));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
