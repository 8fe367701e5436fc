/**
 * Insurance portals and the credentials an office stores for them (SPEC sections 3, 5, 7).
 * The password is write-only: it exists on the input schemas and nowhere on the output schema, so a reply
 * serialized through `PortalCredential` cannot carry it.
 */
import { z } from 'zod';
import { MESSAGES } from '../constants';
import { MFA_CODE_MAX_LENGTH, PASSWORD_MAX_LENGTH, URL_MAX_LENGTH, USERNAME_MAX_LENGTH, tooLongMessage } from '../limits';
import { PortalCredentialStatus } from '../enums';

export const Portal = z.object({
  id: z.string().min(1),
  name: z.string(),
  url: z.string(),
  /** Names of the carriers the portal serves. */
  carriers: z.array(z.string()),
});
export type Portal = z.infer<typeof Portal>;

/** A provider's view of a credential: dentalXChange and portalAi each log in on their own. */
export const ProviderCredentialStatus = z.object({ status: PortalCredentialStatus });
export type ProviderCredentialStatus = z.infer<typeof ProviderCredentialStatus>;

/** A stored credential as the API returns it. Unknown keys (a password above all) are stripped when parsed. */
export const PortalCredential = z.object({
  id: z.string().min(1),
  portalId: z.string().min(1),
  username: z.string(),
  /** Absent when the provider has not been asked to log in with this credential. */
  dentalXChange: ProviderCredentialStatus.nullable().optional(),
  portalAi: ProviderCredentialStatus.nullable().optional(),
});
export type PortalCredential = z.infer<typeof PortalCredential>;

const Username = z
  .string({ error: MESSAGES.USERNAME_REQUIRED })
  .trim()
  .min(1, { error: MESSAGES.USERNAME_REQUIRED })
  .max(USERNAME_MAX_LENGTH, { error: `Username is too long: ${tooLongMessage(USERNAME_MAX_LENGTH).toLowerCase()}` });

/** Its message never repeats the password. */
const PASSWORD_TOO_LONG = { error: `Password is too long: ${tooLongMessage(PASSWORD_MAX_LENGTH).toLowerCase()}` };

/** POST /api/portals/{portalId}/credentials/: adding a credential needs both username and password. */
export const PortalCredentialInput = z.object({
  username: Username,
  password: z
    .string({ error: MESSAGES.PASSWORD_REQUIRED })
    .min(1, { error: MESSAGES.PASSWORD_REQUIRED })
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});
export type PortalCredentialInput = z.infer<typeof PortalCredentialInput>;

/**
 * PUT /api/portals/credentials/{id}: an empty or missing password keeps the current one; it parses to
 * `undefined`, so "change the password" is exactly `password !== undefined`.
 */
export const PortalCredentialUpdateInput = z.object({
  username: Username,
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
    .optional()
    .transform((password) => (password === '' ? undefined : password)),
});
export type PortalCredentialUpdateInput = z.infer<typeof PortalCredentialUpdateInput>;

/** POST /api/portals/credentials/{portalId}/mfa: the code is trimmed and must not be empty. */
export const MfaCodeInput = z.object({
  code: z
    .string({ error: MESSAGES.FIELD_REQUIRED })
    .trim()
    .min(1, { error: MESSAGES.FIELD_REQUIRED })
    .max(MFA_CODE_MAX_LENGTH, { error: tooLongMessage(MFA_CODE_MAX_LENGTH) }),
});
export type MfaCodeInput = z.infer<typeof MfaCodeInput>;

/** The 200 reply of the MFA call; a 201 reply has no body and means "wait for the socket". */
export const MfaReply = z.object({ success: z.boolean() });
export type MfaReply = z.infer<typeof MfaReply>;

/**
 * A credential needs attention (notification list, badge) when its status is invalid, failed or mfaRequired.
 * `status` is the credential's overall status: of the statuses of the providers that log in with it, the one
 * that most needs the user (mfaRequired, then invalid, failed, inProgress; valid only when all are valid).
 * `dentalXChange` and `portalAi`, when present, are the providers' statuses as `PortalCredential` has them
 * (`null`: the provider does not apply to the portal), so a card can update its chips without refetching.
 */
export const CredentialChangeEvent = z.object({
  credentialId: z.string().min(1),
  status: PortalCredentialStatus,
  dentalXChange: ProviderCredentialStatus.nullable().optional(),
  portalAi: ProviderCredentialStatus.nullable().optional(),
});
export type CredentialChangeEvent = z.infer<typeof CredentialChangeEvent>;

/** GET /api/portals: the organization's catalogue. */
export const PortalList = z.array(Portal);
export type PortalList = z.infer<typeof PortalList>;

/** GET /api/portals/credentials: the current office's credentials. */
export const PortalCredentialList = z.array(PortalCredential);
export type PortalCredentialList = z.infer<typeof PortalCredentialList>;

const PORTAL_ID_MAX_LENGTH = 64;

/** A portal id: a slug such as `dnoaconnect` (AI_PORTALS are matched by it). */
export const PortalId = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: 'Use lower-case letters, digits and dashes' })
  .max(PORTAL_ID_MAX_LENGTH, { error: tooLongMessage(PORTAL_ID_MAX_LENGTH) });
export type PortalId = z.infer<typeof PortalId>;

const PortalFields = {
  name: z.string().trim().min(1, { error: MESSAGES.FIELD_REQUIRED }).max(200),
  url: z
    .url({ protocol: /^https?$/, error: 'Enter the portal address (http or https)' })
    .max(URL_MAX_LENGTH, { error: tooLongMessage(URL_MAX_LENGTH) }),
  carriers: z.array(z.string().trim().min(1).max(200)).max(200).default([]),
};

/** POST /api/management/portals: a new catalogue entry; without an id one is made from the name. */
export const PortalInput = z.object({ id: PortalId.optional(), ...PortalFields });
export type PortalInput = z.infer<typeof PortalInput>;

/** PUT /api/management/portals/{id}: the entry's name, address and carriers (the id stays). */
export const PortalUpdateInput = z.object(PortalFields);
export type PortalUpdateInput = z.infer<typeof PortalUpdateInput>;

/** GET /api/portals/sandbox: whether logins go to simulated portals (the page shows a 'sandbox' badge). */
export const PortalsSandboxInfo = z.object({ sandbox: z.boolean() });
export type PortalsSandboxInfo = z.infer<typeof PortalsSandboxInfo>;
