/**
 * The sandbox practice's patients: the sandbox clearinghouse's members (contracts SANDBOX_MEMBERS), each with the
 * role it plays on a demo schedule and the procedures the practice has for them. Procedures are written relative
 * to the appointment's day (`daysBefore`), so every day's schedule tells the same stories:
 * - an active patient due for a recall whose cleaning is not eligible yet (Delta Dental: 1 per 6 months, the last
 *   one 120 days ago), with a bridge for a tooth extracted before the coverage began (the missing tooth clause);
 * - the same patient has a second plan (coordination of benefits: non-duplication);
 * - a dependent child; a new patient (no history); inactive and terminated coverage; a member the payer does not
 *   know; a carrier with a portal the demo office has no login for;
 * - composites and crowns whose plans pay an alternate benefit.
 */
import { sandboxMember, sandboxPatientInfo, type PatientInfoV3 } from '@dv/contracts';
import { type PmsCoverage } from '../practice-management';

/** A procedure of the patient, dated relative to the appointment's day. */
export interface SandboxProcedure {
  readonly code: string;
  /** Days before the appointment: history when positive; 0 is on the appointment; null is planned, undated. */
  readonly daysBefore: number | null;
  readonly tooth?: string;
  readonly surfaces?: string;
  /** Booked on the patient's next appointment (two weeks later) rather than this one. */
  readonly later?: boolean;
  /** Open Dental's 'Existing Other': work done elsewhere, before the patient came. */
  readonly existingOther?: boolean;
}

export interface SandboxPatient {
  /** Stable: the practice's patient id. */
  readonly id: string;
  /** Why the patient is on the schedule (the demo's story). */
  readonly role: 'recall' | 'dependent' | 'newPatient' | 'inactive' | 'terminated' | 'unknownMember' | 'portalCarrier' | 'restorative';
  /** Always on the schedule (the roles the demo must show), or drawn by the day. */
  readonly always: boolean;
  readonly info: PatientInfoV3;
  readonly payerId: string;
  readonly carrierName: string;
  readonly secondary?: Omit<PmsCoverage, 'rank'>;
  readonly procedures: readonly SandboxProcedure[];
}

function member(memberId: string, dependent?: number): { info: PatientInfoV3; payerId: string } {
  const found = sandboxMember(memberId);
  if (found === undefined) throw new Error(`No sandbox member ${memberId}`);
  return { info: sandboxPatientInfo(found, dependent), payerId: found.payerId };
}

const RECALL: readonly SandboxProcedure[] = [
  { code: 'D0120', daysBefore: 120 },
  { code: 'D1110', daysBefore: 120 },
  { code: 'D0274', daysBefore: 300 },
  { code: 'D0120', daysBefore: 0 },
  { code: 'D1110', daysBefore: 0 },
];

export const SANDBOX_PATIENTS: readonly SandboxPatient[] = [
  {
    id: 'pt-lopez-maria',
    role: 'recall',
    always: true,
    ...member('DD100200300'),
    carrierName: 'Delta Dental of California',
    secondary: {
      payerId: '77777',
      carrierName: 'Delta Dental of California',
      memberId: 'DD123456789',
      relationToSubscriber: 'Self',
      subscriber: null,
      cob: 'nonDuplication',
    },
    procedures: [
      ...RECALL,
      { code: 'D7140', daysBefore: 3000, tooth: '19' },
      { code: 'D6240', daysBefore: null, tooth: '19' },
      { code: 'D6750', daysBefore: null, tooth: '18' },
      { code: 'D6750', daysBefore: null, tooth: '20' },
      { code: 'D2392', daysBefore: 0, tooth: '30', surfaces: 'MO' },
    ],
  },
  {
    id: 'pt-lopez-diego',
    role: 'dependent',
    always: true,
    ...member('DD100200300', 0),
    carrierName: 'Delta Dental of California',
    procedures: [
      { code: 'D0120', daysBefore: 200 },
      { code: 'D1120', daysBefore: 200 },
      { code: 'D0120', daysBefore: 0 },
      { code: 'D1120', daysBefore: 0 },
      { code: 'D1351', daysBefore: 0, tooth: '3' },
      { code: 'D1206', daysBefore: 0 },
    ],
  },
  {
    id: 'pt-anderson-thomas',
    role: 'newPatient',
    always: true,
    ...member('GEHA1234567'),
    carrierName: 'GEHA Connection Dental',
    procedures: [
      { code: 'D0150', daysBefore: 0 },
      { code: 'D0210', daysBefore: 0 },
      { code: 'D1110', daysBefore: 0 },
      { code: 'D2740', daysBefore: null, tooth: '14', later: true },
    ],
  },
  {
    id: 'pt-johnson-marcus',
    role: 'inactive',
    always: true,
    ...member('W987654321'),
    carrierName: 'Aetna Dental',
    procedures: [{ code: 'D0120', daysBefore: 400 }, { code: 'D0120', daysBefore: 0 }, { code: 'D1110', daysBefore: 0 }],
  },
  {
    id: 'pt-unknown-noah',
    role: 'unknownMember',
    always: true,
    info: {
      patientFirstName: 'Noah',
      patientLastName: 'Reyes',
      patientDOB: '02/19/1991',
      patientMemberId: 'NOTFOUND40404',
      patientRelationToSubscriber: 'Self',
      subscriberFirstName: 'Noah',
      subscriberLastName: 'Reyes',
      subscriberDOB: '02/19/1991',
      subscriberMemberId: 'NOTFOUND40404',
    },
    payerId: '77777',
    carrierName: 'Delta Dental of California',
    procedures: [{ code: 'D0140', daysBefore: 0 }, { code: 'D0220', daysBefore: 0 }],
  },
  {
    id: 'pt-schmidt-hannah',
    role: 'portalCarrier',
    always: true,
    ...member('GRD00512345'),
    carrierName: 'Guardian Life',
    procedures: [...RECALL, { code: 'D2740', daysBefore: 0, tooth: '3' }],
  },
  {
    id: 'pt-walker-james',
    role: 'restorative',
    always: false,
    ...member('DPA55501234'),
    carrierName: 'Delta Dental of Pennsylvania',
    procedures: [
      { code: 'D0120', daysBefore: 90 },
      { code: 'D2391', daysBefore: 0, tooth: '4', surfaces: 'O' },
      { code: 'D2393', daysBefore: 0, tooth: '15', surfaces: 'MOD' },
      { code: 'D2740', daysBefore: null, tooth: '15', later: true },
    ],
  },
  {
    id: 'pt-khan-aisha',
    role: 'recall',
    always: false,
    ...member('MET884412'),
    carrierName: 'MetLife Dental',
    procedures: RECALL,
  },
  {
    id: 'pt-brown-olivia',
    role: 'restorative',
    always: false,
    ...member('U4471190201'),
    carrierName: 'Cigna Dental',
    procedures: [{ code: 'D0140', daysBefore: 0 }, { code: 'D3330', daysBefore: 0, tooth: '19' }, { code: 'D2950', daysBefore: null, tooth: '19', later: true }],
  },
  {
    id: 'pt-chen-emily',
    role: 'recall',
    always: false,
    ...member('W123456789'),
    carrierName: 'Aetna Dental',
    procedures: [...RECALL, { code: 'D4341', daysBefore: null, tooth: 'UR' }],
  },
  {
    id: 'pt-clark-steven',
    role: 'terminated',
    always: false,
    ...member('MET5500001'),
    carrierName: 'MetLife Dental',
    procedures: [{ code: 'D0120', daysBefore: 700 }, { code: 'D0120', daysBefore: 0 }],
  },
  {
    id: 'pt-sharma-priya',
    role: 'recall',
    always: false,
    ...member('LFG40088123'),
    carrierName: 'Lincoln Financial Group',
    procedures: [{ code: 'D4910', daysBefore: 60 }, { code: 'D4910', daysBefore: 0 }, { code: 'D0120', daysBefore: 0 }],
  },
  {
    id: 'pt-nguyen-robert',
    role: 'restorative',
    always: false,
    ...member('MFED2024001'),
    carrierName: 'MetLife Dental',
    procedures: [{ code: 'D0120', daysBefore: 30 }, { code: 'D2750', daysBefore: 0, tooth: '30' }, { code: 'D2950', daysBefore: 0, tooth: '30' }],
  },
  {
    id: 'pt-fischer-ruth',
    role: 'recall',
    always: false,
    ...member('GEHA2468013'),
    carrierName: 'GEHA Connection Dental',
    procedures: [{ code: 'D0120', daysBefore: 150 }, ...RECALL.slice(3), { code: 'D0120', daysBefore: 400, existingOther: true }],
  },
  {
    id: 'pt-young-patricia',
    role: 'restorative',
    always: false,
    ...member('GEHA7654321'),
    carrierName: 'GEHA Connection Dental',
    procedures: [{ code: 'D0120', daysBefore: 0 }, { code: 'D2392', daysBefore: 0, tooth: '19', surfaces: 'MOD' }, { code: 'D2740', daysBefore: 0, tooth: '30' }],
  },
];
