/**
 * The sandbox's members: the fictional patients the sandbox clearinghouse (services/verifications) answers for, who
 * is insured where, under which plan of its library, with which dependents. The sandbox practice-management system
 * (services/schedule) books its appointments for the same people, so that a demo schedule verifies the way the
 * sandbox answers; seed data and tests use the table too. `sandboxPatientInfo` turns a row into the patient info an
 * office would enter. Data only: nothing here reaches a real payer.
 */
import { type PatientInfoV3 } from '../documents/patient-info';
import { type RelationToSubscriber } from '../enums';

export type SandboxPerson = {
  readonly firstName: string;
  readonly lastName: string;
  /** MM/DD/YYYY. */
  readonly dob: string;
  readonly gender: 'M' | 'F';
};

export type SandboxDependent = SandboxPerson & { readonly relation: Exclude<RelationToSubscriber, 'Self' | 'Employee'> };

export type SandboxMember = {
  readonly memberId: string;
  readonly payerId: string;
  /** SANDBOX_PLANS id. */
  readonly planId: string;
  readonly subscriber: SandboxPerson;
  readonly dependents: readonly SandboxDependent[];
  /** MM/DD/YYYY: the member's coverage start (DTP*356). */
  readonly eligibilityBegin: string;
  /** MM/DD/YYYY: the coverage end, for terminated coverage (DTP*347). */
  readonly eligibilityEnd?: string;
  /**
   * A member whose claims the payer keeps processing: each inquiry after the first finds this much more of the
   * remaining maximum and deductible used, so a re-verification sees remaining amounts change (sandbox.ts counts
   * the inquiries; after CLAIM_CYCLE inquiries a new benefit year starts over).
   */
  readonly claimsBetweenInquiries?: { readonly maximum: number; readonly deductible: number };
};

/** Inquiries after which a member with claims between inquiries starts a new benefit year (their amounts reset). */
export const CLAIM_CYCLE = 4;

export const SANDBOX_MEMBERS: readonly SandboxMember[] = [
  {
    memberId: 'DD100200300',
    payerId: '77777',
    planId: 'delta-ca-ppo',
    subscriber: { firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985', gender: 'F' },
    dependents: [
      { firstName: 'Diego', lastName: 'Lopez', dob: '06/02/2014', gender: 'M', relation: 'Children' },
      { firstName: 'Carlos', lastName: 'Lopez', dob: '11/23/1983', gender: 'M', relation: 'Spouse' },
    ],
    eligibilityBegin: '03/01/2019',
  },
  {
    memberId: 'DD123456789',
    payerId: '77777',
    planId: 'delta-ca-ppo',
    subscriber: { firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985', gender: 'F' },
    dependents: [],
    eligibilityBegin: '01/01/2021',
  },
  {
    memberId: 'DPA55501234',
    payerId: '23166',
    planId: 'delta-pa-ppo-premier',
    subscriber: { firstName: 'James', lastName: 'Walker', dob: '09/30/1979', gender: 'M' },
    dependents: [{ firstName: 'Emma', lastName: 'Walker', dob: '02/14/2012', gender: 'F', relation: 'Children' }],
    eligibilityBegin: '07/01/2016',
  },
  {
    memberId: 'MET884412',
    payerId: '65978',
    planId: 'metlife-pdp-plus',
    subscriber: { firstName: 'Aisha', lastName: 'Khan', dob: '12/05/1990', gender: 'F' },
    dependents: [],
    eligibilityBegin: '02/01/2022',
  },
  {
    memberId: 'MFED2024001',
    payerId: '65978',
    planId: 'metlife-fedvip-high',
    subscriber: { firstName: 'Robert', lastName: 'Nguyen', dob: '03/17/1968', gender: 'M' },
    dependents: [{ firstName: 'Linh', lastName: 'Nguyen', dob: '08/08/1970', gender: 'F', relation: 'Spouse' }],
    eligibilityBegin: '01/01/2020',
  },
  {
    memberId: 'U4471190201',
    payerId: '62308',
    planId: 'cigna-dppo',
    subscriber: { firstName: 'Olivia', lastName: 'Brown', dob: '07/22/1988', gender: 'F' },
    dependents: [],
    eligibilityBegin: '01/01/2023',
  },
  {
    memberId: 'U5520013302',
    payerId: '62308',
    planId: 'cigna-dppo-children',
    subscriber: { firstName: 'Daniel', lastName: 'Garcia', dob: '01/09/1982', gender: 'M' },
    dependents: [
      { firstName: 'Sofia', lastName: 'Garcia', dob: '05/30/2015', gender: 'F', relation: 'Children' },
      { firstName: 'Mateo', lastName: 'Garcia', dob: '10/11/2004', gender: 'M', relation: 'Dependent' },
    ],
    eligibilityBegin: '01/01/2018',
  },
  {
    memberId: 'W123456789',
    payerId: '60054',
    planId: 'aetna-ppo',
    subscriber: { firstName: 'Emily', lastName: 'Chen', dob: '11/02/1993', gender: 'F' },
    dependents: [],
    eligibilityBegin: '06/15/2023',
  },
  {
    memberId: 'W987654321',
    payerId: '60054',
    planId: 'aetna-dmo-inactive',
    subscriber: { firstName: 'Marcus', lastName: 'Johnson', dob: '04/04/1975', gender: 'M' },
    dependents: [],
    eligibilityBegin: '01/01/2017',
  },
  {
    memberId: 'GRD00512345',
    payerId: '64246',
    planId: 'guardian-ppo',
    subscriber: { firstName: 'Hannah', lastName: 'Schmidt', dob: '08/19/1987', gender: 'F' },
    dependents: [{ firstName: 'Lukas', lastName: 'Schmidt', dob: '03/03/2001', gender: 'M', relation: 'Children' }],
    eligibilityBegin: '09/01/2020',
  },
  {
    memberId: 'UHC70707001',
    payerId: '52133',
    planId: 'uhc-dental-ppo-oon',
    subscriber: { firstName: 'Kevin', lastName: 'Patel', dob: '02/27/1984', gender: 'M' },
    dependents: [],
    eligibilityBegin: '01/01/2022',
  },
  {
    memberId: 'H55512345',
    payerId: '73288',
    planId: 'humana-individual',
    subscriber: { firstName: 'Grace', lastName: 'Miller', dob: '10/10/1959', gender: 'F' },
    dependents: [],
    eligibilityBegin: '04/01/2024',
  },
  {
    memberId: 'TDP99887766',
    payerId: '89070',
    planId: 'united-concordia-tricare',
    subscriber: { firstName: 'Anthony', lastName: 'Rivera', dob: '12/12/1990', gender: 'M' },
    dependents: [{ firstName: 'Mia', lastName: 'Rivera', dob: '09/09/2013', gender: 'F', relation: 'Children' }],
    eligibilityBegin: '10/01/2019',
  },
  {
    memberId: 'AMR33322211',
    payerId: '47009',
    planId: 'ameritas-ppo',
    subscriber: { firstName: 'Laura', lastName: 'Wilson', dob: '06/06/1980', gender: 'F' },
    dependents: [],
    eligibilityBegin: '01/01/2021',
  },
  {
    memberId: 'PFG44455566',
    payerId: '61271',
    planId: 'principal-ppo',
    subscriber: { firstName: 'Samuel', lastName: 'Lee', dob: '05/15/1972', gender: 'M' },
    dependents: [{ firstName: 'Grace', lastName: 'Lee', dob: '07/04/1974', gender: 'F', relation: 'LifePartner' }],
    eligibilityBegin: '01/01/2015',
  },
  {
    memberId: 'SLF94400123',
    payerId: '70408',
    planId: 'sunlife-ppo',
    subscriber: { firstName: 'Natalie', lastName: 'Dubois', dob: '01/21/1995', gender: 'F' },
    dependents: [],
    eligibilityBegin: '05/01/2023',
  },
  {
    memberId: 'ANT200100777',
    payerId: '47198',
    planId: 'anthem-bcbs-dual',
    subscriber: { firstName: 'Michael', lastName: 'Scott', dob: '03/15/1970', gender: 'M' },
    dependents: [],
    eligibilityBegin: '01/01/2020',
  },
  {
    memberId: 'LFG40088123',
    payerId: '62705',
    planId: 'lincoln-dentalconnect',
    subscriber: { firstName: 'Priya', lastName: 'Sharma', dob: '09/12/1989', gender: 'F' },
    dependents: [{ firstName: 'Arjun', lastName: 'Sharma', dob: '04/18/2017', gender: 'M', relation: 'Children' }],
    eligibilityBegin: '04/01/2021',
  },
  {
    memberId: 'GEHA1234567',
    payerId: '39026',
    planId: 'geha-high',
    subscriber: { firstName: 'Thomas', lastName: 'Anderson', dob: '03/11/1971', gender: 'M' },
    dependents: [{ firstName: 'Zoe', lastName: 'Anderson', dob: '12/01/2008', gender: 'F', relation: 'Children' }],
    eligibilityBegin: '01/01/2018',
  },
  {
    memberId: 'GEHA2468013',
    payerId: '39026',
    planId: 'geha-high',
    subscriber: { firstName: 'Ruth', lastName: 'Fischer', dob: '10/14/1962', gender: 'F' },
    dependents: [],
    eligibilityBegin: '01/01/2019',
    claimsBetweenInquiries: { maximum: 250, deductible: 0 },
  },
  {
    memberId: 'GEHA7654321',
    payerId: '39026',
    planId: 'geha-standard',
    subscriber: { firstName: 'Patricia', lastName: 'Young', dob: '07/07/1966', gender: 'F' },
    dependents: [],
    eligibilityBegin: '01/01/2022',
  },
  {
    memberId: 'DQ800123456',
    payerId: 'CX014',
    planId: 'dentaquest-medicaid',
    subscriber: { firstName: 'Luis', lastName: 'Hernandez', dob: '08/25/1988', gender: 'M' },
    dependents: [{ firstName: 'Camila', lastName: 'Hernandez', dob: '01/30/2016', gender: 'F', relation: 'Children' }],
    eligibilityBegin: '09/01/2022',
  },
  {
    memberId: 'MET5500001',
    payerId: '65978',
    planId: 'metlife-terminated',
    subscriber: { firstName: 'Steven', lastName: 'Clark', dob: '02/02/1977', gender: 'M' },
    dependents: [],
    eligibilityBegin: '01/01/2015',
    eligibilityEnd: '06/30/2023',
  },
];

export function sandboxMember(memberId: string): SandboxMember | undefined {
  const wanted = memberId.trim().toUpperCase();
  return SANDBOX_MEMBERS.find((member) => member.memberId.toUpperCase() === wanted);
}

/**
 * The patient info an office would enter for a sandbox member (the subscriber, or dependent number
 * `dependentIndex`), ready for a verification or for build270.
 */
export function sandboxPatientInfo(member: SandboxMember, dependentIndex?: number): PatientInfoV3 {
  const subscriber = member.subscriber;
  const subscriberFields = {
    subscriberFirstName: subscriber.firstName,
    subscriberLastName: subscriber.lastName,
    subscriberDOB: subscriber.dob,
    subscriberMemberId: member.memberId,
  };
  if (dependentIndex === undefined) {
    return {
      patientFirstName: subscriber.firstName,
      patientLastName: subscriber.lastName,
      patientDOB: subscriber.dob,
      patientMemberId: member.memberId,
      patientRelationToSubscriber: 'Self',
      ...subscriberFields,
    };
  }
  const dependent = member.dependents[dependentIndex];
  if (dependent === undefined) throw new Error(`Sandbox member ${member.memberId} has no dependent ${dependentIndex}`);
  return {
    patientFirstName: dependent.firstName,
    patientLastName: dependent.lastName,
    patientDOB: dependent.dob,
    patientMemberId: member.memberId,
    patientRelationToSubscriber: dependent.relation,
    ...subscriberFields,
  };
}
