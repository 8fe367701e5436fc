/**
 * The portal calls of SPEC section 7, typed with the contracts. Reads throw (react-query turns that into an error
 * state); writes answer an outcome with the server's message, since every screen shows it somewhere. Credential
 * calls name the office they act for: the current office, or the one a company user picked.
 */
import {
  MfaReply,
  PortalCredential,
  type PortalCredentialInput,
  PortalCredentialList,
  type PortalCredentialUpdateInput,
  PortalList,
  PortalsSandboxInfo,
  DEFAULT_STATUS,
} from '@dv/contracts';
import { type HttpClient, type HttpResult } from '../http/http-client';

export const PORTALS_QUERY_KEY = ['portals'] as const;
export const PORTALS_SANDBOX_QUERY_KEY = ['portals', 'sandbox'] as const;
export const credentialsQueryKey = (officeId: string) => ['portal-credentials', officeId] as const;

/** Why a write failed: the server's message when it sent one; `answered` is false when no reply came at all. */
export type CallFailure = { ok: false; status: number; message: string | null; answered: boolean };
export type CallOutcome<T> = { ok: true; status: number; value: T } | CallFailure;

/** The message of an error reply's body, if it has one (not the status text the client falls back to). */
function serverMessage(result: HttpResult<unknown>): string | null {
  const message = (result.data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

function failure(result: HttpResult<unknown>): CallFailure {
  return { ok: false, status: result.status, message: serverMessage(result), answered: result.status !== DEFAULT_STATUS };
}

const encode = encodeURIComponent;

export async function fetchPortals(http: HttpClient): Promise<PortalList> {
  const result = await http.get('/api/portals');
  const parsed = PortalList.safeParse(result.data);
  if (!result.ok || !parsed.success) throw new Error(result.error ?? 'The portals could not be read.');
  return parsed.data;
}

export async function fetchCredentials(http: HttpClient, officeId: string): Promise<PortalCredentialList> {
  const result = await http.get('/api/portals/credentials', undefined, { officeId });
  const parsed = PortalCredentialList.safeParse(result.data);
  if (!result.ok || !parsed.success) throw new Error(result.error ?? 'The credentials could not be read.');
  return parsed.data;
}

/** Whether logins go to simulated portals; false when the call fails (the badge is a hint, not a gate). */
export async function fetchSandboxInfo(http: HttpClient): Promise<boolean> {
  const result = await http.get('/api/portals/sandbox');
  const parsed = PortalsSandboxInfo.safeParse(result.data);
  return result.ok && parsed.success && parsed.data.sandbox;
}

function credentialOutcome(result: HttpResult<unknown>): CallOutcome<PortalCredential> {
  if (!result.ok) return failure(result);
  const parsed = PortalCredential.safeParse(result.data);
  return parsed.success ? { ok: true, status: result.status, value: parsed.data } : { ...failure(result), message: null };
}

export async function createCredential(
  http: HttpClient,
  officeId: string,
  portalId: string,
  input: PortalCredentialInput,
): Promise<CallOutcome<PortalCredential>> {
  return credentialOutcome(await http.post(`/api/portals/${encode(portalId)}/credentials/`, input, { officeId }));
}

export async function updateCredential(
  http: HttpClient,
  officeId: string,
  credentialId: string,
  input: PortalCredentialUpdateInput,
): Promise<CallOutcome<PortalCredential>> {
  // An empty password keeps the stored one: it is left out of the body.
  const body = input.password === undefined ? { username: input.username } : input;
  return credentialOutcome(await http.put(`/api/portals/credentials/${encode(credentialId)}`, body, { officeId }));
}

/** Retry the login: 200 ended (valid or needs MFA), 202 still running; 4xx and 5xx are errors. */
export async function retryLogin(http: HttpClient, officeId: string, credentialId: string): Promise<CallOutcome<PortalCredential>> {
  return credentialOutcome(await http.post(`/api/portals/credentials/${encode(credentialId)}`, undefined, { officeId }));
}

export async function deleteCredential(http: HttpClient, officeId: string, credentialId: string): Promise<CallOutcome<null>> {
  const result = await http.delete(`/api/portals/credentials/${encode(credentialId)}`, undefined, { officeId });
  return result.ok ? { ok: true, status: result.status, value: null } : failure(result);
}

/** 200 with `success`: accepted now; 201: the result comes through the socket; anything else failed. */
export type MfaAnswer = { kind: 'accepted' } | { kind: 'pending' } | { kind: 'rejected'; failure: CallFailure };

export async function submitMfaCode(http: HttpClient, officeId: string, portalId: string, code: string): Promise<MfaAnswer> {
  const result = await http.post(`/api/portals/credentials/${encode(portalId)}/mfa`, { code }, { officeId });
  if (result.status === 201) return { kind: 'pending' };
  if (result.ok) {
    const reply = MfaReply.safeParse(result.data);
    if (reply.success && reply.data.success) return { kind: 'accepted' };
    return { kind: 'rejected', failure: { ok: false, status: result.status, message: null, answered: true } };
  }
  return { kind: 'rejected', failure: failure(result) };
}
