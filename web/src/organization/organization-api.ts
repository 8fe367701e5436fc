/** POST /api/auth/organization (SPEC section 7) and the stored organization id. */
import { OrganizationSummary, STORAGE_KEYS } from '@dv/contracts';
import { type HttpClient } from '../http/http-client';
import { readStored, writeStored } from '../platform/browser-storage';
import { type KnownOrganization } from './organization-machine';

/** Not a quoted text of the specification: the prompt's answer to a name no organization has. */
export const ORGANIZATION_NOT_FOUND = 'No organization has this name. Check the spelling and try again.';

export type OrganizationLookup =
  | { kind: 'found'; organization: KnownOrganization }
  | { kind: 'notFound' }
  | { kind: 'failed'; error: string };

export async function lookupOrganization(
  http: HttpClient,
  input: { organizationDomain: string } | { organizationName: string },
): Promise<OrganizationLookup> {
  const result = await http.post('/api/auth/organization', input, { authenticated: false });
  if (result.status === 404) return { kind: 'notFound' };
  const parsed = OrganizationSummary.safeParse(result.data);
  if (!result.ok || !parsed.success) return { kind: 'failed', error: result.error ?? 'Unexpected answer' };
  const { id, clientType } = parsed.data;
  return { kind: 'found', organization: { id, clientType } };
}

export function readOrganizationId(): string | null {
  return readStored('local', STORAGE_KEYS.organizationId);
}

export function saveOrganizationId(id: string): void {
  writeStored('local', STORAGE_KEYS.organizationId, id);
}
