/**
 * The shared fixtures are one document in three versions (see testing/fixtures.ts): migrating one gives the next.
 * The one loss on the way down is documented: 2 -> 3 removes `wholeCategory`, so 3 -> 2 cannot give it back.
 */
import { type TicketWrapperV1, type TicketWrapperV2 } from '../documents/ticket-wrapper';
import { validTicketV1, validTicketV2, validTicketV3, withValueAt } from '../testing/fixtures';
import { validateTicket } from '../validation';
import { migrateTicket } from './migrate';

/** A copy of `doc` without any benefit entry's `wholeCategory`, in the wrapper plan and in the draft. */
function withoutWholeCategory<T extends TicketWrapperV1 | TicketWrapperV2>(doc: T): T {
  const copy = structuredClone(doc);
  for (const plan of [copy.plan, ...copy.ticket.draft]) {
    for (const entry of Object.values(plan?.benefits.adaCodes ?? {})) delete entry.wholeCategory;
  }
  return copy;
}

describe('the shared fixtures', () => {
  it('are valid in their versions', () => {
    expect(validateTicket(validTicketV1, 1)).toEqual({ ok: true });
    expect(validateTicket(validTicketV2, 2)).toEqual({ ok: true });
    expect(validateTicket(validTicketV3, 3)).toEqual({ ok: true });
  });

  it('migrate up: V1 -> V2 -> V3', () => {
    expect(migrateTicket(validTicketV1, 2)).toStrictEqual(validTicketV2);
    expect(migrateTicket(validTicketV2, 3)).toStrictEqual(validTicketV3);
    expect(migrateTicket(validTicketV1, 3)).toStrictEqual(validTicketV3);
  });

  it('migrate down: V2 -> V1 exactly; V3 -> V2 and V3 -> V1 but for the wholeCategory that 2 -> 3 removed', () => {
    expect(migrateTicket(validTicketV2, 1)).toStrictEqual(validTicketV1);
    expect(migrateTicket(validTicketV3, 2)).toStrictEqual(withoutWholeCategory(validTicketV2));
    expect(migrateTicket(validTicketV3, 1)).toStrictEqual(withoutWholeCategory(validTicketV1));
  });

  it('log nothing on the way (one draft plan, every code has an old-style category)', () => {
    const log = jest.fn<undefined, [string]>();
    migrateTicket(validTicketV3, 1, log);
    migrateTicket(validTicketV1, 3, log);
    expect(log).not.toHaveBeenCalled();
  });
});

describe('a code with no old-style category (D5909)', () => {
  it('migrates down with category unknown and a warning, and the result is a valid version 2 document', () => {
    const entry = { category: 'Major', subcategory: 'Dentures', code: 'ADA:D5909' };
    const doc = withValueAt(validTicketV3, 'plan.benefits.adaCodes.ADA:D5909', entry);
    const log = jest.fn<undefined, [string]>();
    const down = migrateTicket(doc, 2, log) as TicketWrapperV2;
    expect(down.plan?.benefits.adaCodes['D5909']).toEqual({ category: 'unknown', code: 'D5909' });
    expect(log.mock.calls.flat().join('\n')).toMatch(/Unknown category number 5909/);
    expect(validateTicket(down, 2)).toEqual({ ok: true });
    expect(migrateTicket(down, 3)).toHaveProperty(['plan', 'benefits', 'adaCodes', 'ADA:D5909'], entry);
  });
});
