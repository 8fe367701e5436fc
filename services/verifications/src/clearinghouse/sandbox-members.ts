/**
 * The sandbox clearinghouse's members (the table is contracts' sandbox/sandbox-members.ts, shared with the sandbox
 * practice-management system of the schedule service) and the rules by which the sandbox rejects an inquiry.
 *
 * Rejections, decided by the member id and the data sent (SANDBOX_REJECTION_RULES says the same in words):
 * - a member id that is not 5 to 20 letters and digits: AAA 72 (invalid/missing subscriber id) in 2100C;
 * - a member id starting NOTFOUND, unknown, or insured at another payer: AAA 75 (subscriber not found) in 2100C;
 * - a member id starting UNAVAILABLE: AAA 42 (unable to respond at current time) in 2000A;
 * - a subscriber date of birth other than the table's: AAA 71 (birth date does not match) in 2100C;
 *   no subscriber date of birth when the subscriber is the patient: AAA 58 (invalid/missing date of birth);
 * - a subscriber last name other than the table's: AAA 73 (invalid/missing subscriber name) in 2100C;
 * - a dependent whose first name and date of birth match no dependent of the member: AAA 67 (patient not
 *   found) in 2100D, or AAA 71 in 2100D when the first name matches but the date of birth does not.
 */
export {
  CLAIM_CYCLE,
  SANDBOX_MEMBERS,
  sandboxMember,
  sandboxPatientInfo,
  type SandboxDependent,
  type SandboxMember,
  type SandboxPerson,
} from '@dv/contracts';

export const SANDBOX_REJECTION_RULES = [
  { when: 'member id not 5 to 20 letters and digits', code: '72', loop: '2100C' },
  { when: "member id starts with 'NOTFOUND', is not in the table, or is insured at another payer", code: '75', loop: '2100C' },
  { when: "member id starts with 'UNAVAILABLE'", code: '42', loop: '2000A' },
  { when: 'subscriber date of birth differs from the table', code: '71', loop: '2100C' },
  { when: 'no subscriber date of birth while the subscriber is the patient', code: '58', loop: '2100C' },
  { when: 'subscriber last name differs from the table', code: '73', loop: '2100C' },
  { when: 'dependent first name and date of birth match no dependent', code: '67', loop: '2100D' },
  { when: 'dependent first name matches but date of birth differs', code: '71', loop: '2100D' },
] as const;

export const NOT_FOUND_PREFIX = 'NOTFOUND';
export const UNAVAILABLE_PREFIX = 'UNAVAILABLE';
