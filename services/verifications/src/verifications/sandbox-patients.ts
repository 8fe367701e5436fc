/**
 * The patients the sandbox knows, for a person trying the product without a clearinghouse contract: every
 * sandbox member (../clearinghouse/sandbox-members.ts) and each of their dependents, as the patient info to
 * send to POST /api/verifications, with the carrier, the portal (if any) and the coverage the sandbox reports.
 * The carrier is the stored catalogue's: a member whose payer it lacks or has deactivated is not offered.
 * Synthetic people: no patient data. Empty when a real clearinghouse is configured.
 */
import { type SandboxPatient, type SandboxPatients } from '@dv/contracts';
import { type LiveCarrier } from '../carriers/carrier-catalogue';
import { carrierIdOf } from '../carriers/carriers.store';
import { NOT_FOUND_PREFIX, SANDBOX_MEMBERS, sandboxPatientInfo, UNAVAILABLE_PREFIX } from '../clearinghouse/sandbox-members';
import { sandboxPlan } from '../clearinghouse/sandbox-plans';

export const SANDBOX_HINTS: readonly string[] = [
  `A member id starting ${NOT_FOUND_PREFIX} (e.g. ${NOT_FOUND_PREFIX}123) is not found by the payer (AAA 75); one starting ${UNAVAILABLE_PREFIX} gets "unable to respond" (AAA 42).`,
  'A date of birth or last name other than the listed one is rejected by the payer (AAA 71, AAA 73).',
  "A portal job uses the office's credential for the carrier's portal (Portal Credentials page): without one it waits (credentialPending) and goes on once one is added.",
  "The sandbox portals ask a username containing 'mfa' for a verification code (mfaRequired; the code 123456 finishes the login), reject the password 'wrong', and answer for the sandbox patients of the carriers they serve.",
];

export function sandboxPatients(sandbox: boolean, catalogue: readonly LiveCarrier[]): SandboxPatients {
  if (!sandbox) return { sandbox: false, patients: [], hints: [] };
  const active = new Map(catalogue.filter((carrier) => carrier.active).map((carrier) => [carrierIdOf(carrier.payerId), carrier]));
  const patients: SandboxPatient[] = [];
  for (const member of SANDBOX_MEMBERS) {
    const carrier = active.get(carrierIdOf(member.payerId));
    if (carrier === undefined) continue;
    const coverage = sandboxPlan(member.planId)?.coverage ?? 'active';
    const common = { carrier: { payerId: carrier.payerId, name: carrier.name }, portalId: carrier.portalId, coverage };
    const subscriber = `${member.subscriber.firstName} ${member.subscriber.lastName}`;
    patients.push({ label: `${subscriber}, subscriber`, ...common, patient: sandboxPatientInfo(member) });
    member.dependents.forEach((dependent, index) => {
      patients.push({
        label: `${dependent.firstName} ${dependent.lastName}, ${dependent.relation} of ${subscriber}`,
        ...common,
        patient: sandboxPatientInfo(member, index),
      });
    });
  }
  return { sandbox: true, patients, hints: [...SANDBOX_HINTS] };
}
