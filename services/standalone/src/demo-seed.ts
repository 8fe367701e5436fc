/**
 * The offices service's demo data is the dev identity provider's: same organization, offices, group and users. The
 * Stripe sandbox knows the demo offices as customers: office-demo-1 pays a Standard subscription with a Visa 4242,
 * office-demo-2 (freemium, paying by card) has none yet and is sent to /payment when the payment gate is on.
 */
import type { SandboxOffice } from '@dv/billing';
import { DEMO_GROUP, DEMO_OFFICES, DEMO_ORGANIZATION, USERS } from '@dv/dev-idp';
import type { DemoSeed } from '@dv/offices';

export function demoSeed(): DemoSeed {
  return { organization: DEMO_ORGANIZATION, offices: DEMO_OFFICES, group: DEMO_GROUP, users: USERS };
}

/** The sandbox's plan (a price lookup key) of each demo office that has one. */
const DEMO_PLANS: Readonly<Record<string, string>> = { 'office-demo-1': 'standard' };

export function demoBillingOffices(): SandboxOffice[] {
  return DEMO_OFFICES.map((office) => ({
    officeId: office.id,
    orgId: office.orgId,
    name: office.name,
    ...(DEMO_PLANS[office.id] === undefined ? {} : { plan: DEMO_PLANS[office.id] }),
  }));
}
