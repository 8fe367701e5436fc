import { MESSAGES, PortalData, portalOfPayer, type Portal } from '@dv/contracts';
import { DEFAULT_PORTALS } from '../catalogue/default-portals';
import { Secret } from '../crypto/secret';
import { type PatientDataRequest } from './provider';
import { SANDBOX_MESSAGES, sandboxLoginOutcome, sandboxPatientData, sandboxProvider } from './sandbox';
import { daysBefore, SANDBOX_PORTAL_MEMBERS } from './sandbox-portal-data';

const portal = (id: string): Portal => ({ id, name: id, url: 'https://portal.example', carriers: [] });

describe('sandbox login rules', () => {
  it.each([
    ['frontdesk', 'secret', { status: 'valid' }],
    ['frontdesk', 'wrong', { status: 'invalid', message: SANDBOX_MESSAGES.invalid }],
    ['MFA-desk', 'secret', { status: 'mfaRequired', message: SANDBOX_MESSAGES.mfaRequired }],
    ['portal-DOWN', 'secret', { status: 'failed', message: SANDBOX_MESSAGES.failed }],
    ['mfa-down', 'wrong', { status: 'failed', message: SANDBOX_MESSAGES.failed }],
    ['mfa', 'wrong', { status: 'invalid', message: SANDBOX_MESSAGES.invalid }],
    ['frontdesk', 'Wrong', { status: 'valid' }],
  ])('%s / %s', (username, password, outcome) => {
    expect(sandboxLoginOutcome(username, password)).toEqual(outcome);
  });
});

describe('sandbox provider', () => {
  const options = { loginDelayMs: 20, mfaDelayMs: 20 };
  const request = { portal: portal('cigna'), credentialId: 'c1', officeId: 'o1', username: 'frontdesk' };

  it('portalAi logs in to the AI portals only; dentalXChange to every portal', () => {
    const ai = sandboxProvider('portalAi', options);
    const dxc = sandboxProvider('dentalXChange', options);
    for (const id of ['dnoaconnect', 'dentalofficetoolkit', 'cigna']) expect(ai.supports(portal(id))).toBe(true);
    expect(ai.supports(portal('metdental'))).toBe(false);
    expect(dxc.supports(portal('metdental'))).toBe(true);
  });

  it('takes the configured time and can be aborted', async () => {
    const provider = sandboxProvider('dentalXChange', { loginDelayMs: 80, mfaDelayMs: 0 });
    const started = Date.now();
    await expect(provider.login({ ...request, password: new Secret('x') }, new AbortController().signal)).resolves.toEqual({ status: 'valid' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    const controller = new AbortController();
    const login = provider.login({ ...request, password: new Secret('x') }, controller.signal);
    controller.abort(new Error('stop'));
    await expect(login).rejects.toThrow('stop');
  });

  it('MFA: 123456 later, 111111 at once, anything else refused', async () => {
    const provider = sandboxProvider('dentalXChange', options);
    const signal = new AbortController().signal;
    const later = await provider.submitMfaCode({ ...request, code: new Secret('123456') }, signal);
    expect(later.kind).toBe('pending');
    if (later.kind === 'pending') await expect(later.outcome).resolves.toEqual({ status: 'valid' });
    expect(await provider.submitMfaCode({ ...request, code: new Secret('111111') }, signal)).toEqual({ kind: 'accepted' });
    expect(await provider.submitMfaCode({ ...request, code: new Secret('12345') }, signal)).toEqual({
      kind: 'rejected',
      message: MESSAGES.MFA_FAILED,
    });
  });
});

describe('sandbox patient data', () => {
  const TODAY = new Date('2025-06-15T12:00:00.000Z');
  const delta = DEFAULT_PORTALS.find((entry) => entry.id === 'deltadental')!;
  const metdental = DEFAULT_PORTALS.find((entry) => entry.id === 'metdental')!;
  const maria = (patient: Partial<PatientDataRequest['patient']> = {}, payer: Partial<PatientDataRequest['payer']> = {}): PatientDataRequest => ({
    payer: { payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL', ...payer },
    patient: { firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985', memberId: 'DD100200300', relationToSubscriber: 'Self', ...patient },
  });

  it("answers a member's data for each of the people under their member id, dated from the day asked", () => {
    const outcome = sandboxPatientData(delta, maria(), TODAY);
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    expect(outcome.data.patient.maximumRemaining).toBe(1110);
    expect(outcome.data.patient.history).toContainEqual(expect.objectContaining({ procedureCode: 'D2391', serviceDate: daysBefore(TODAY, 60) }));
    expect(sandboxPatientData(delta, maria({ firstName: 'Diego', dob: '06/02/2014', relationToSubscriber: 'Children' }), TODAY).status).toBe('ok');
  });

  it.each([
    ['an unknown member id', delta, maria({ memberId: 'ZZ0000000' }), SANDBOX_MESSAGES.unknownMember(delta.name)],
    ['a member of another portal', metdental, maria(), SANDBOX_MESSAGES.unknownMember(metdental.name)],
    ['another carrier', delta, maria({}, { payerId: '23166', name: 'Delta Dental of Pennsylvania' }), SANDBOX_MESSAGES.otherPayer(delta.name)],
    ['a date of birth nobody under the id has', delta, maria({ dob: '01/01/2001' }), SANDBOX_MESSAGES.noPatient],
  ])('answers notFound for %s', (_case, portal, request, message) => {
    expect(sandboxPatientData(portal, request, TODAY)).toEqual({ status: 'notFound', message });
  });

  it('keeps each member at the portal that serves its payer, with data the contract accepts', () => {
    for (const member of SANDBOX_PORTAL_MEMBERS) {
      expect([member.memberId, portalOfPayer(member.payerId)]).toEqual([member.memberId, member.portalId]);
      expect(PortalData.safeParse(member.data(() => '01/01/2025')).success).toBe(true);
    }
  });

  it('is what the provider adapter reads, after its delay', async () => {
    const provider = sandboxProvider('dentalXChange', { loginDelayMs: 0, mfaDelayMs: 0, dataDelayMs: 30, now: () => TODAY });
    const started = Date.now();
    const credential = { portal: delta, credentialId: 'c1', officeId: 'o1', username: 'frontdesk', password: new Secret('x') };
    const outcome = await provider.fetchPatientData(credential, maria(), new AbortController().signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(outcome).toEqual(sandboxPatientData(delta, maria(), TODAY));
  });
});
