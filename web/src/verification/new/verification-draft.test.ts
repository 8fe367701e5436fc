import { MESSAGES, VALIDATION_MESSAGES } from '@dv/contracts';
import { carrierMatches } from './carrier-select';
import { createOutcomeOf, startOfLocalDay } from './new-verification-api';
import { SANDBOX } from './fake-verifications-gateway';
import { checkDraft, draftOfSandboxPatient, EMPTY_DRAFT, fieldOfPath, issuesOnFields, type VerificationDraft } from './verification-draft';

const FILLED: VerificationDraft = {
  ...EMPTY_DRAFT,
  patientFirstName: ' Ana ',
  patientLastName: 'Silva',
  patientDOB: '02/14/1990',
  patientMemberId: 'AET-555',
  payerId: '60054',
};

describe('verification draft', () => {
  it("maps the contract's and the service's paths onto the form's fields", () => {
    expect(fieldOfPath('patient.patientDOB')).toBe('patientDOB');
    expect(fieldOfPath('patient.subscriberFirstName')).toBe('subscriberFirstName');
    expect(fieldOfPath('carrier.payerId')).toBe('payerId');
    expect(fieldOfPath('carrier')).toBe('payerId');
    expect(fieldOfPath('patient.payerId')).toBeUndefined();
    expect(fieldOfPath('patient.patientAddress')).toBeUndefined();
    expect(fieldOfPath('clientInfo.name')).toBeUndefined();
    expect(
      issuesOnFields([
        { path: 'patient.patientDOB', message: 'first' },
        { path: 'patient.patientDOB', message: 'second' },
        { path: '', message: 'Office required' },
      ]),
    ).toEqual({ errors: { patientDOB: 'first' }, other: ['Office required'] });
  });

  it("checks with the contract: its messages, trimmed values, subscriber only when not Self", () => {
    const empty = checkDraft(EMPTY_DRAFT, undefined);
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.errors).toMatchObject({ patientFirstName: MESSAGES.FIELD_REQUIRED, payerId: MESSAGES.FIELD_REQUIRED });
    }
    const badDate = checkDraft({ ...FILLED, patientDOB: '13/01/1990' }, undefined);
    expect(badDate.ok ? undefined : badDate.errors.patientDOB).toBe(VALIDATION_MESSAGES.wrongDate);

    const self = checkDraft({ ...FILLED, subscriberFirstName: 'Hidden' }, 'Main Street');
    expect(self.ok && self.input).toEqual({
      patient: {
        patientFirstName: 'Ana',
        patientLastName: 'Silva',
        patientDOB: '02/14/1990',
        patientMemberId: 'AET-555',
        patientRelationToSubscriber: 'Self',
      },
      carrier: { payerId: '60054' },
      clientInfo: { name: 'Main Street' },
    });
    const spouse = checkDraft({ ...FILLED, patientRelationToSubscriber: 'Spouse', subscriberFirstName: 'Rui', subscriberDOB: '01/01/1980' }, undefined);
    expect(spouse.ok && spouse.input.patient).toMatchObject({ subscriberFirstName: 'Rui', subscriberDOB: '01/01/1980' });
    expect(spouse.ok && 'clientInfo' in spouse.input).toBe(false);
  });

  it("takes a sandbox patient's subscriber only for a dependent", () => {
    const [maria, diego] = SANDBOX.patients;
    expect(draftOfSandboxPatient(maria!)).toMatchObject({ patientRelationToSubscriber: 'Self', subscriberFirstName: '', payerId: '65978' });
    expect(draftOfSandboxPatient(diego!)).toMatchObject({ patientRelationToSubscriber: 'Children', subscriberFirstName: 'Maria' });
  });

  it('matches carriers by part of the name or payer id, any case', () => {
    const metlife = { name: 'MetLife Dental', payerId: '65978' };
    expect(carrierMatches('life d', metlife)).toBe(true);
    expect(carrierMatches(' 6597 ', metlife)).toBe(true);
    expect(carrierMatches('aetna', metlife)).toBe(false);
  });

  it("starts today at the office's local midnight", () => {
    const start = new Date(startOfLocalDay(new Date(2026, 10, 24, 15, 30)));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([2026, 10, 24, 0, 0]);
  });

  it('tells a refusal with details from a failure without them', () => {
    expect(createOutcomeOf({ ok: true, status: 201, data: { id: 'v1', jobs: [] } })).toEqual({ kind: 'created', id: 'v1' });
    expect(
      createOutcomeOf({ ok: false, status: 400, error: 'Invalid request', data: { details: [{ path: 'carrier.payerId', message: 'Unknown carrier' }] } }),
    ).toEqual({ kind: 'invalid', errors: { payerId: 'Unknown carrier' }, other: [] });
    expect(createOutcomeOf({ ok: false, status: 400, error: 'A dental office is required' })).toEqual({
      kind: 'invalid',
      errors: {},
      other: ['A dental office is required'],
    });
    expect(createOutcomeOf({ ok: false, status: 503, error: 'Service Unavailable' })).toEqual({ kind: 'failed', message: 'Service Unavailable' });
  });
});
