import { validTicketV1, validTicketV2, validTicketV3 } from '../testing/fixtures';
import { TicketWrapperV1, TicketWrapperV2, TicketWrapperV3 } from './ticket-wrapper';

describe('ticket wrappers', () => {
  it('parse the valid fixtures unchanged', () => {
    expect(TicketWrapperV1.parse(validTicketV1)).toEqual(validTicketV1);
    expect(TicketWrapperV2.parse(validTicketV2)).toEqual(validTicketV2);
    expect(TicketWrapperV3.parse(validTicketV3)).toEqual(validTicketV3);
  });

  it('keep unknown keys of the loose versions when parsing, so nothing is lost before a migration', () => {
    const withExtra = { ...validTicketV1, legacyFlag: true };
    expect(TicketWrapperV1.parse(withExtra)).toEqual(withExtra);
  });

  it('keep the fixtures frozen, so a test or migration that mutates one fails loudly', () => {
    expect(Object.isFrozen(validTicketV3.patient.history[0])).toBe(true);
    expect(() => {
      (validTicketV2.ticket as { status: string }).status = 'Open';
    }).toThrow(TypeError);
  });

  it('give the wrapper plan and the draft plan as separate objects', () => {
    expect(validTicketV3.ticket.draft[0]).toEqual(validTicketV3.plan);
    expect(validTicketV3.ticket.draft[0]).not.toBe(validTicketV3.plan);
  });
});
