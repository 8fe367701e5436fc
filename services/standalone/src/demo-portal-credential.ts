/**
 * The demo's portal login, so that a verification works out of the box: office-demo-1 (Bright Smiles Dental –
 * Main St) gets a credential for the Delta Dental portal, which the sandbox portals accept, and a verification of
 * a sandbox patient of Delta Dental (Maria Lopez) then has both its sources.
 *
 * It is added the way the office's manager would add it: through the portals service's API, with a token of the
 * demo staff manager, so the password (random, never printed) is sealed by the portals service like any other.
 * It is added once per data folder (a marker file records it): a credential the office already has for the portal
 * is kept, and one an office deleted stays deleted. Only the standalone product does this; the portals service
 * itself seeds no credential.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OFFICE_HEADER, PortalCredential, PortalCredentialList } from '@dv/contracts';
import { type Logger } from '@dv/kit';

export const DEMO_PORTAL_CREDENTIAL = {
  officeId: 'office-demo-1',
  portalId: 'deltadental',
  username: 'demo-frontdesk',
  /** The demo user who adds it (staffmanager at office-demo-1). */
  addedBy: 'staffmanager@demo.test',
} as const;

export type DemoCredentialOutcome = 'added' | 'present' | 'seeded before';

export interface SeedDemoPortalCredentialOptions {
  /** The portals service (loopback). */
  readonly portalsUrl: string;
  /** An access token of DEMO_PORTAL_CREDENTIAL.addedBy. */
  readonly token: string;
  /** Where the standalone product keeps its own files (the marker goes there). */
  readonly dir: string;
  readonly logger: Pick<Logger, 'info'>;
}

const MARKER = 'demo-portal-credential.json';

export async function seedDemoPortalCredential(options: SeedDemoPortalCredentialOptions): Promise<DemoCredentialOutcome> {
  const marker = path.join(options.dir, MARKER);
  try {
    await readFile(marker);
    return 'seeded before';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { officeId, portalId, username } = DEMO_PORTAL_CREDENTIAL;
  const headers = { authorization: `Bearer ${options.token}`, [OFFICE_HEADER]: officeId };

  const listed = await fetch(`${options.portalsUrl}/api/portals/credentials`, { headers });
  if (!listed.ok) throw new Error(`listing the demo office's portal credentials answered ${listed.status}`);
  const existing = PortalCredentialList.parse(await listed.json()).find((credential) => credential.portalId === portalId);

  let outcome: DemoCredentialOutcome = 'present';
  let credentialId = existing?.id;
  if (existing === undefined) {
    const added = await fetch(`${options.portalsUrl}/api/portals/${portalId}/credentials/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: randomBytes(18).toString('base64url') }),
    });
    if (added.status !== 201) throw new Error(`adding the demo portal credential answered ${added.status}`);
    credentialId = PortalCredential.parse(await added.json()).id;
    outcome = 'added';
  }
  await mkdir(options.dir, { recursive: true });
  await writeFile(marker, `${JSON.stringify({ officeId, portalId, credentialId, seededAt: new Date().toISOString() })}\n`);
  options.logger.info({ officeId, portalId, credentialId, outcome }, 'demo portal credential ready');
  return outcome;
}
