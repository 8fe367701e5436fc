/**
 * A dental practice registers itself (/register-do, SPEC sections 4 and 6): a signed-up user in registration (a
 * token, not office staff, no office, not company authorized) sends the practice's name, NPI, tax id, address and
 * phone; the office is created in the user's own organization (the token's, never one the request names) with
 * default settings and the freemium plan, its details beside it, and the user becomes its staff manager. The
 * user record here is the source of truth the development identity provider issues tokens from: the renewed
 * token names the office and the role. A super administrator (the page's other role) registers an office for the
 * organization without a role change: they act for every office of it already.
 *
 * A user registers once: the user record, not the (possibly older) token, decides whether they still are in
 * registration; the check and the change are one transaction, so two registrations at once make one office.
 */
import {
  REGISTRATION_MESSAGES,
  isInRegistration,
  rolesOf,
  type OfficeRegistration,
  type OfficeRegistrationInput,
} from '@dv/contracts';
import { Conflict, DuplicateKey, Forbidden, type Actor, type Outbox, type Store, type Transaction } from '@dv/kit';
import { randomUUID } from 'node:crypto';
import { allRoles, companyRolesOf } from '../access';
import { recordEvent } from '../events';
import { EMPTY_SETTINGS, toManagedOffice } from '../offices/offices.service';
import { officeNameKey, officeRecords, type OfficeDocument } from '../offices/offices.store';
import { toManagedUser } from '../users/users.service';
import { emailKey, isActiveUser, userRecords, type UserDocument } from '../users/users.store';
import { officeDetailsRecords } from './office-details.store';

/** The role a registering user holds at the office they registered. */
export const REGISTERED_ROLE = 'staffmanager';

type Deps = {
  store: Pick<Store, 'transaction'>;
  outbox: Pick<Outbox, 'add'>;
  now?: () => Date;
};

/** Who is registering: a user in registration (by their token, as the gateway judged it) or a super administrator. */
export function registrantOf(actor: Actor): 'superadministrator' | 'registering' {
  if (companyRolesOf(actor).includes('superadministrator')) return 'superadministrator';
  const inRegistration = isInRegistration({
    hasToken: true,
    roles: rolesOf({ roles: actor.claims.roles }),
    officeId: actor.claims.officeId ?? null,
    allowedOfficeIds: actor.claims.allowedOfficeIds,
  });
  // doregistration applies exactly while the user is in registration, whether or not the token names it (contracts
  // effectiveRoles; the gateway decides the same way).
  if (inRegistration) return 'registering';
  throw new Forbidden(REGISTRATION_MESSAGES.notRegistering);
}

/** Whether the stored user still is in registration: no office, no office or company role. */
function stillRegistering(user: UserDocument): boolean {
  return isInRegistration({ hasToken: true, roles: allRoles(user.roles), officeId: user.officeId, allowedOfficeIds: user.allowedOfficeIds });
}

function nameFromClaims(actor: Actor, email: string): string {
  const name = (actor.claims as { name?: unknown }).name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, 200) : email;
}

/** The user as stored, or a record made from the token for a user signed up at the identity provider only. */
async function registeringUser(tx: Transaction, actor: Actor, at: string): Promise<UserDocument> {
  const users = userRecords(tx);
  const stored = await users.findById(actor.userId);
  if (stored) {
    if (stored.orgId !== actor.orgId) throw new Forbidden(REGISTRATION_MESSAGES.otherOrganization);
    if (!isActiveUser(stored)) throw new Forbidden(REGISTRATION_MESSAGES.notRegistering);
    if (!stillRegistering(stored)) throw new Conflict(REGISTRATION_MESSAGES.alreadyRegistered);
    return stored;
  }
  const email = actor.email ?? actor.claims.email;
  if (email === undefined || email.trim() === '') throw new Forbidden(REGISTRATION_MESSAGES.noEmail);
  if (await users.findByEmailKey(emailKey(email))) throw new Conflict(REGISTRATION_MESSAGES.emailTaken);
  const name = nameFromClaims(actor, email.trim());
  const user: UserDocument = {
    _id: actor.userId,
    email: email.trim(),
    emailKey: emailKey(email),
    name,
    nameKey: name.toLowerCase(),
    orgId: actor.orgId,
    roles: [],
    allowedOfficeIds: [],
    groupIds: [],
    officeId: null,
    editGlobalCustomization: false,
    editGlobalCarriers: false,
    appMetadata: { orgId: actor.orgId },
    createdAt: at,
    updatedAt: at,
  };
  await users.insert(user);
  return user;
}

/** The office, its details and its office.created event. */
async function createOffice(tx: Transaction, outbox: Pick<Outbox, 'add'>, actor: Actor, input: OfficeRegistrationInput, at: string): Promise<OfficeDocument> {
  const office: OfficeDocument = {
    _id: randomUUID(),
    orgId: actor.orgId,
    name: input.name,
    nameKey: officeNameKey(input.name),
    groupId: null,
    planType: 'freemium',
    integration: null,
    settings: EMPTY_SETTINGS,
    active: true,
    createdAt: at,
    updatedAt: at,
  };
  await officeRecords(tx).insert(office);
  await officeDetailsRecords(tx).insert({
    _id: office._id,
    orgId: actor.orgId,
    npi: input.npi,
    taxId: input.taxId,
    address: input.address,
    phone: input.phone,
    updatedAt: at,
    updatedBy: actor.userId,
  });
  await recordEvent(outbox, tx, 'office.created', office._id, toManagedOffice(office));
  return office;
}

export function registrationService({ store, outbox, now = () => new Date() }: Deps) {
  return {
    async register(actor: Actor, input: OfficeRegistrationInput): Promise<OfficeRegistration> {
      const registrant = registrantOf(actor);
      const at = now().toISOString();
      try {
        return await store.transaction(async (tx) => {
          const user = registrant === 'registering' ? await registeringUser(tx, actor, at) : null;
          const office = await createOffice(tx, outbox, actor, input, at);
          if (user === null) return { officeId: office._id, name: office.name, planType: office.planType, role: null };
          const updated = await userRecords(tx).update(
            user._id,
            actor.orgId,
            { roles: { [office._id]: [REGISTERED_ROLE] }, allowedOfficeIds: [office._id], officeId: office._id },
            at,
          );
          if (!updated) throw new Conflict(REGISTRATION_MESSAGES.alreadyRegistered);
          await recordEvent(outbox, tx, 'user.updated', updated._id, toManagedUser(updated));
          return { officeId: office._id, name: office.name, planType: office.planType, role: REGISTERED_ROLE };
        });
      } catch (error) {
        // Two first registrations of one signed-up user at once: the second finds the user record taken.
        if (error instanceof DuplicateKey) throw new Conflict(REGISTRATION_MESSAGES.alreadyRegistered);
        throw error;
      }
    },
  };
}

export type RegistrationService = ReturnType<typeof registrationService>;
