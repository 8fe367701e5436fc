/** A user's edits of a ticket, without I/O. */
import { type TicketWrapperV3 } from '@dv/contracts';
import { applyEdits, EDIT_MESSAGES, EditRejected, userHashOf } from './ticket-edits';
import { newTicket } from './ticket-document';

const NOW = new Date('2025-05-01T10:00:00.000Z');
const context = { userId: 'user-1', now: NOW };

function ticket(withPlan: boolean): TicketWrapperV3 {
  const wrapper = newTicket({
    id: 't1',
    patient: { patientFirstName: 'A', patientLastName: 'B', patientDOB: '01/01/1990', patientMemberId: 'M1', patientRelationToSubscriber: 'Self' },
  });
  if (withPlan) {
    wrapper.plan = {
      score: 5,
      details: {
        benefitYear: { value: 'january', score: 2 },
        planType: { value: 'dental', score: 2 },
        participation: { value: 'Not Sure', score: 1 },
        initiationDate: { value: NOW.toISOString(), score: 2 },
      },
      payer: { id: '77777', name: 'Delta' },
      sponsor: {
        sponsorName: { value: null, score: 1 },
        sponsorType: { value: null, score: 1 },
        groupNumber: { value: 'G1', score: 2 },
        groupName: { value: null, score: 1 },
      },
      benefits: { adaCodes: {} },
      schemaVersion: 3,
    };
  }
  return wrapper;
}

function rejection(run: () => unknown): EditRejected {
  try {
    run();
  } catch (error) {
    if (error instanceof EditRejected) return error;
    throw error;
  }
  throw new Error('expected an EditRejected');
}

it('creates missing fields and entries as user-confirmed scored fields', () => {
  const { wrapper, paths } = applyEdits(
    ticket(true),
    [
      { path: 'plan.benefits.deductible.individual', value: 50 },
      { path: 'plan.benefits.adaCodes.SUB:Periodontics.benefitLevel.value', value: 80 },
      { path: 'plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum', value: 1500 },
      { path: 'patient.deductibleRemaining', value: 0 },
    ],
    context,
  );
  expect(paths).toEqual([
    'plan.benefits.deductible.individual',
    'plan.benefits.adaCodes.SUB:Periodontics.benefitLevel',
    'plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum',
    'patient.deductibleRemaining',
  ]);
  const change = { userHash: userHashOf('user-1'), updatedAt: NOW.toISOString(), oldValue: null, newScore: 4 };
  expect(wrapper.plan?.benefits.deductible?.individual).toEqual({ value: 50, score: 4, changeHistory: [{ ...change, value: 50, newValue: 50 }] });
  expect(wrapper.plan?.benefits.adaCodes['SUB:Periodontics']).toMatchObject({ category: 'Basic', subcategory: 'Periodontics', benefitLevel: { value: 80, score: 4 } });
  expect(wrapper.plan?.benefits.adaCodes['CAT:Orthodontics']).toMatchObject({ category: 'Orthodontics', lifetimeMaximum: { value: 1500 } });
  expect(wrapper.patient.deductibleRemaining?.changeHistory?.[0]).toMatchObject({ value: 0, oldValue: null });
  expect(wrapper.plan?.userHashes).toEqual([userHashOf('user-1')]);
});

it('keeps the history of successive edits, with old and new scores', () => {
  const once = applyEdits(ticket(true), [{ path: 'plan.sponsor.groupNumber', value: 'G2' }], context).wrapper;
  const twice = applyEdits(once, [{ path: 'plan.sponsor.groupNumber', value: 'G3' }], { userId: 'user-2', now: NOW }).wrapper;
  expect(twice.plan?.sponsor.groupNumber.changeHistory?.map((entry) => [entry.oldValue, entry.newValue, entry.oldScore, entry.newScore])).toEqual([
    ['G1', 'G2', 2, 4],
    ['G2', 'G3', 4, 4],
  ]);
  expect(twice.plan?.userHashes).toEqual([userHashOf('user-1'), userHashOf('user-2')]);
});

it('edits the plain texts; clears with null', () => {
  const noted = applyEdits(ticket(true), [{ path: 'plan.planNotes', value: 'Verified by phone' }, { path: 'patient.note', value: 'VIP' }], context).wrapper;
  expect(noted.plan?.planNotes).toBe('Verified by phone');
  expect(noted.patient.note).toBe('VIP');
  expect(applyEdits(noted, [{ path: 'patient.note', value: null }], context).wrapper.patient.note).toBeUndefined();
  expect(rejection(() => applyEdits(noted, [{ path: 'patient.note', value: 3 }], context)).problems).toEqual([{ path: 'patient.note', message: EDIT_MESSAGES.notText }]);
});

it.each([
  ['a plan that does not exist yet', false, 'plan.benefits.annualMax', EDIT_MESSAGES.noPlan],
  ['a field that is not scored', true, 'plan.payer.name', EDIT_MESSAGES.notEditable],
  ['inside a scored field', true, 'plan.sponsor.groupNumber.score', EDIT_MESSAGES.notEditable],
  ['an unknown category key', true, 'plan.benefits.adaCodes.CAT:Cosmetic.benefitLevel', EDIT_MESSAGES.notEditable],
  ['a prototype key', true, 'plan.constructor.prototype', EDIT_MESSAGES.badSegment],
])('refuses an edit of %s', (_case, withPlan, path, message) => {
  expect(rejection(() => applyEdits(ticket(withPlan), [{ path, value: 1 }], context)).problems).toEqual([{ path, message }]);
});

it('answers the validator’s path and message for a value the version 3 rules refuse', () => {
  const problems = rejection(() => applyEdits(ticket(true), [{ path: 'plan.details.benefitYear', value: 'smarch' }], context)).problems;
  expect(problems).toEqual([{ path: 'plan.details.benefitYear.value', message: expect.any(String) }]);
});
