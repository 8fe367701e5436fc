/**
 * An outsourced ticket's status (SPEC section 3's ticket statuses) as a chip: the office's ticket page and the
 * agents' queue draw it alike. Colour says who has the move: blue the company works it, gold it waits for
 * someone (the office, QA), green it is done, grey it is put away.
 */
import { type TicketStatus } from '@dv/contracts';
import { Pill, type PillTone } from '../ui/pill';

const TONES: Readonly<Record<TicketStatus, PillTone>> = {
  Open: 'default',
  Pending: 'processing',
  'Portal info entered ready for calls': 'processing',
  'Needs additional Info': 'warning',
  'Ready for QA': 'purple',
  'QA Complete with issues - resent to agent': 'warning',
  'QA Complete': 'purple',
  Resolved: 'success',
  Closed: 'default',
  Archived: 'default',
};

export function TicketStatusChip({ status, testId }: { status: TicketStatus; testId?: string }) {
  return (
    <Pill tone={TONES[status]} data-testid={testId} data-status={status}>
      {status}
    </Pill>
  );
}
