/** The offices service's demo data is the dev identity provider's: same organization, offices, group and users. */
import { DEMO_GROUP, DEMO_OFFICES, DEMO_ORGANIZATION, USERS } from '@dv/dev-idp';
import type { DemoSeed } from '@dv/offices';

export function demoSeed(): DemoSeed {
  return { organization: DEMO_ORGANIZATION, offices: DEMO_OFFICES, group: DEMO_GROUP, users: USERS };
}
