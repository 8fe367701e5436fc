/**
 * Properties of the migrations over generated documents (testing/arbitraries.ts), checked against the validators.
 */
import fc from 'fast-check';
import { ticketWrapperV2, ticketWrapperV3 } from '../testing/arbitraries';
import { validateTicket } from '../validation';
import { isDocObject } from './document-shape';
import { migrateTicket } from './migrate';

const VALID = { ok: true };
const silent = (): void => undefined;

type GeneratedV2 = ReturnType<typeof ticketWrapperV2.generate>['value'];

/**
 * What a version 2 document keeps on its way through version 3 and back (DOCUMENTS.md "Migrations"): 2 -> 3
 * removes `wholeCategory`, and 3 -> 2 keeps only the first plan of the draft.
 */
function keptThroughV3(doc: GeneratedV2): GeneratedV2 {
  const copy = structuredClone(doc);
  const draft = copy.ticket.draft.slice(0, 1);
  for (const plan of [copy.plan, ...draft]) {
    for (const entry of Object.values(plan?.benefits.adaCodes ?? {})) {
      if (isDocObject(entry)) delete entry.wholeCategory;
    }
  }
  return { ...copy, ticket: { ...copy.ticket, draft } };
}

describe('the arbitraries', () => {
  it('generate valid version 2 wrappers', () => {
    fc.assert(fc.property(ticketWrapperV2, (doc) => expect(validateTicket(doc, 2)).toEqual(VALID)));
  });

  it('generate valid version 3 wrappers', () => {
    fc.assert(fc.property(ticketWrapperV3, (doc) => expect(validateTicket(doc, 3)).toEqual(VALID)));
  });
});

describe('round trips', () => {
  it('V2 -> V3 -> V2 gives back what version 2 can express through version 3', () => {
    fc.assert(
      fc.property(ticketWrapperV2, (doc) => expect(migrateTicket(migrateTicket(doc, 3), 2, silent)).toStrictEqual(keptThroughV3(doc))),
    );
  });

  it('V1 -> V2 -> V1 gives back the version 1 document', () => {
    fc.assert(
      fc.property(ticketWrapperV2, (doc) => {
        const v1 = migrateTicket(doc, 1);
        expect(migrateTicket(migrateTicket(v1, 2), 1)).toStrictEqual(v1);
      }),
    );
  });
});

describe('migrating a valid document yields a valid document', () => {
  it('V2 -> V3', () => {
    fc.assert(fc.property(ticketWrapperV2, (doc) => expect(validateTicket(migrateTicket(doc, 3), 3)).toEqual(VALID)));
  });

  it('V3 -> V2', () => {
    fc.assert(fc.property(ticketWrapperV3, (doc) => expect(validateTicket(migrateTicket(doc, 2, silent), 2)).toEqual(VALID)));
  });

  it('V2 -> V1', () => {
    fc.assert(fc.property(ticketWrapperV2, (doc) => expect(validateTicket(migrateTicket(doc, 1), 1)).toEqual(VALID)));
  });

  it('V1 -> V2 (version 1 documents made from version 2 ones)', () => {
    fc.assert(fc.property(ticketWrapperV2, (doc) => expect(validateTicket(migrateTicket(migrateTicket(doc, 1), 2), 2)).toEqual(VALID)));
  });

  it('V3 -> V1 and V1 -> V3', () => {
    fc.assert(
      fc.property(ticketWrapperV3, (doc) => {
        const v1 = migrateTicket(doc, 1, silent);
        expect(validateTicket(v1, 1)).toEqual(VALID);
        expect(validateTicket(migrateTicket(v1, 3), 3)).toEqual(VALID);
      }),
    );
  });
});
