import { TicketResolvedPayload, TicketStatusPayload } from '../events';
import { CallEvidence, OutsourceInput, OutsourceQueueQuery } from './outsourcing';
import { TicketStatusEvent } from './socket-events';

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

describe('outsourcing contracts', () => {
  it('an office asks for a breakdown or a re-verification, with an optional note', () => {
    expect(OutsourceInput.parse({ type: 'Breakdown', note: '  ' })).toEqual({ type: 'Breakdown' });
    expect(OutsourceInput.safeParse({ type: 'Eligibility' }).success).toBe(false);
    expect(OutsourceInput.safeParse({ type: 'Breakdown', requesterId: 'u1' }).success).toBe(false);
  });

  it('the queue takes one status or several, and pages within the management bounds', () => {
    expect(OutsourceQueueQuery.parse({}).status).toBeUndefined();
    expect(OutsourceQueueQuery.parse({ status: 'Open' }).status).toEqual(['Open']);
    expect(OutsourceQueueQuery.parse({ status: ['Open', 'Pending', 'Open'] }).status).toEqual(['Open', 'Pending']);
    expect(OutsourceQueueQuery.parse({})).toMatchObject({ page: 1, pageSize: 20, sort: 'requestedAt', order: 'asc' });
    for (const query of [{ status: 'open' }, { page: '0' }, { pageSize: '101' }, { olderThanHours: '-1' }]) {
      expect(OutsourceQueueQuery.safeParse(query).success).toBe(false);
    }
  });

  it('evidence is a past call with a representative, a reference and an optional http(s) document', () => {
    const call = { calledAt: hourAgo(), representative: ' Dana ', callReference: 'R-1' };
    expect(CallEvidence.parse(call)).toEqual({ ...call, representative: 'Dana' });
    expect(CallEvidence.safeParse({ ...call, calledAt: new Date(Date.now() + 3_600_000).toISOString() }).success).toBe(false);
    expect(CallEvidence.safeParse({ ...call, calledAt: '2026-03-01' }).success).toBe(false);
    expect(CallEvidence.safeParse({ ...call, documentUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(CallEvidence.safeParse({ ...call, callReference: '' }).success).toBe(false);
  });

  it('ticket events keep their audience on the bus and drop it on the socket', () => {
    const payload = TicketStatusPayload.parse({ verificationId: 'v1', status: 'Resolved', orgId: 'o', officeId: 'f', patient: 'x' });
    expect(payload).toEqual({ verificationId: 'v1', status: 'Resolved', orgId: 'o', officeId: 'f' });
    expect(TicketStatusEvent.parse(payload)).toEqual({ verificationId: 'v1', status: 'Resolved' });
    expect(TicketResolvedPayload.safeParse({ verificationId: 'v1', type: 'Plan', resolvedAt: 'x', orgId: 'o' }).success).toBe(false);
  });
});
