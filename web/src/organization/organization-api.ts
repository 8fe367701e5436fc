/** POST /api/auth/organization (SPEC section 7) and the stored organization. */
import { ClientType, LOCAL_SETTINGS_KEY_PREFIX, OrganizationSummary, STORAGE_KEYS } from '@dv/contracts';
import { z } from 'zod';
import { type HttpClient } from '../http/http-client';
import { readStored, removeStored, writeStored } from '../platform/browser-storage';
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
  // 204: the host names no organization (asked at every load, not an error); 404: no organization has the typed name.
  if (result.status === 204 || result.status === 404) return { kind: 'notFound' };
  const parsed = OrganizationSummary.safeParse(result.data);
  if (!result.ok || !parsed.success) return { kind: 'failed', error: result.error ?? 'Unexpected answer' };
  const { id, clientType } = parsed.data;
  return { kind: 'found', organization: { id, clientType } };
}

/** The id alone, as the gateway reads it from every call. */
export function readOrganizationId(): string | null {
  return readStored('local', STORAGE_KEYS.organizationId);
}

/**
 * The client type of the stored organization, kept beside the id (which stays a bare string under
 * organization_id): without it a reload of an organization typed into the prompt would start as a dental office
 * and an insurance-verification company would get the maintenance lock. The record names its id, so a type is
 * never applied to another organization's id.
 */
export const ORGANIZATION_CLIENT_TYPE_KEY = `${LOCAL_SETTINGS_KEY_PREFIX}organizationClientType`;

const StoredClientType = z.object({ id: z.string(), clientType: ClientType });

export function readStoredOrganization(): KnownOrganization | null {
  const id = readOrganizationId();
  if (!id) return null;
  let record: unknown = null;
  try {
    record = JSON.parse(readStored('local', ORGANIZATION_CLIENT_TYPE_KEY) ?? 'null');
  } catch {
    // An unreadable record is no record.
  }
  const parsed = StoredClientType.safeParse(record);
  return parsed.success && parsed.data.id === id ? { id, clientType: parsed.data.clientType } : { id };
}

export function saveOrganization({ id, clientType }: KnownOrganization): void {
  writeStored('local', STORAGE_KEYS.organizationId, id);
  if (clientType === undefined) removeStored('local', ORGANIZATION_CLIENT_TYPE_KEY);
  else writeStored('local', ORGANIZATION_CLIENT_TYPE_KEY, JSON.stringify({ id, clientType }));
}

export function forgetOrganization(): void {
  removeStored('local', STORAGE_KEYS.organizationId);
  removeStored('local', ORGANIZATION_CLIENT_TYPE_KEY);
}
