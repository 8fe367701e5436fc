/**
 * The sandbox portals (services/portals, providers/sandbox-portal-data.ts) and this service's sandbox
 * clearinghouse know the same people: every portal member is a clearinghouse member of the same payer, at the
 * portal the shared payer table (contracts PAYER_PORTALS) names, and the carrier catalogue offers that portal.
 */
import { portalOfPayer } from '@dv/contracts';
import { SANDBOX_PORTAL_MEMBERS } from '@dv/portals';
import { catalogueCarrier } from '../carriers/carrier-catalogue';
import { SANDBOX_MEMBERS, sandboxMember } from '../clearinghouse/sandbox-members';

it('has the clearinghouse sandbox’s people and payers, at the portals the catalogue names', () => {
  for (const member of SANDBOX_PORTAL_MEMBERS) {
    const clearinghouse = sandboxMember(member.memberId);
    expect([member.memberId, clearinghouse?.payerId]).toEqual([member.memberId, member.payerId]);
    expect([member.memberId, catalogueCarrier(member.payerId)?.portalId]).toEqual([member.memberId, member.portalId]);
    const people = [clearinghouse!.subscriber, ...clearinghouse!.dependents].map((person) => `${person.firstName} ${person.lastName} ${person.dob}`);
    for (const person of member.people) expect(people).toContain(`${person.firstName} ${person.lastName} ${person.dob}`);
  }
});

it('has a portal member for every clearinghouse member whose carrier a portal serves', () => {
  const portalMembers = new Set(SANDBOX_PORTAL_MEMBERS.map((member) => member.memberId));
  for (const member of SANDBOX_MEMBERS) {
    if (portalOfPayer(member.payerId) === null) continue;
    expect([member.memberId, portalMembers.has(member.memberId)]).toEqual([member.memberId, true]);
  }
});
