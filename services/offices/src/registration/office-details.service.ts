/**
 * An office's practice details as /dental-office-settings shows and changes them: the office's managers
 * (staffmanager, groupmanager of that very office; contracts OFFICE_DETAILS_ROLES, checked by the gateway too)
 * read them and change NPI, tax id, address and phone. The office's name stays the company administrators'
 * (PATCH /api/management/offices/{id}). The reply says what the caller may change, settings included
 * (access.ts MANAGER_EDITABLE_SETTINGS), so that the page draws the rest read-only without a rule of its own.
 *
 * Another organization's office, or one the caller may not act for, is "not found": nothing tells it exists.
 */
import {
  OFFICE_DETAILS_ROLES,
  OFFICE_SETTING_FIELDS,
  hasAnyRole,
  type OfficeDetails,
  type OfficeDetailsPatch,
  type OfficeSettingField,
} from '@dv/contracts';
import { Forbidden, NotFound, type Actor, type Store, type Transaction } from '@dv/kit';
import { MANAGER_EDITABLE_SETTINGS, isManagerOf, mayActForOffice, officeAccess } from '../access';
import { OFFICE_NOT_FOUND } from '../offices/offices.service';
import { officeRecords, type OfficeDocument } from '../offices/offices.store';
import { officeDetailsRecords, type OfficeDetailsDocument } from './office-details.store';

export const DETAILS_NOT_ALLOWED = "Only the office's managers change its details";

type Deps = {
  store: Pick<Store, 'collection' | 'transaction'>;
  now?: () => Date;
};

/** The settings the actor may change at the office (PATCH .../settings applies the same rule). */
export function editableSettings(actor: Actor, officeId: string): OfficeSettingField[] {
  switch (officeAccess(actor, officeId)) {
    case 'write':
      return [...OFFICE_SETTING_FIELDS];
    case 'manager':
      return OFFICE_SETTING_FIELDS.filter((field) => (MANAGER_EDITABLE_SETTINGS as readonly string[]).includes(field));
    case 'read':
    case 'none':
      return [];
  }
}

export function toOfficeDetails(office: OfficeDocument, details: OfficeDetailsDocument | null, actor: Actor): OfficeDetails {
  return {
    officeId: office._id,
    name: office.name,
    planType: office.planType,
    npi: details?.npi ?? null,
    taxId: details?.taxId ?? null,
    address: details?.address ?? null,
    phone: details?.phone ?? null,
    editable: { details: isManagerOf(actor, office._id), settings: editableSettings(actor, office._id) },
  };
}

export function officeDetailsService({ store, now = () => new Date() }: Deps) {
  /** The office of the actor's organization when the actor manages it; 404 when they may not see it, else 403. */
  async function managedOffice(db: Pick<Transaction, 'collection'>, actor: Actor, officeId: string): Promise<OfficeDocument> {
    const office = mayActForOffice(actor, officeId) ? await officeRecords(db).findInOrg(officeId, actor.orgId) : null;
    if (!office) throw new NotFound(OFFICE_NOT_FOUND);
    // The roles of the header's office, as the gateway judged them, and the manager role at this very office.
    if (!hasAnyRole(actor.roles, OFFICE_DETAILS_ROLES) || !isManagerOf(actor, officeId)) throw new Forbidden(DETAILS_NOT_ALLOWED);
    return office;
  }

  return {
    async get(actor: Actor, officeId: string): Promise<OfficeDetails> {
      const office = await managedOffice(store, actor, officeId);
      return toOfficeDetails(office, await officeDetailsRecords(store).findInOrg(officeId, actor.orgId), actor);
    },

    /** Absent details stay as they are; an office without details gets them (the others null). */
    async update(actor: Actor, officeId: string, patch: OfficeDetailsPatch): Promise<OfficeDetails> {
      const at = now().toISOString();
      return store.transaction(async (tx) => {
        const office = await managedOffice(tx, actor, officeId);
        const records = officeDetailsRecords(tx);
        const by = { at, userId: actor.userId };
        const current = await records.findInOrg(officeId, actor.orgId);
        const saved = current
          ? await records.update(officeId, actor.orgId, patch, by)
          : await records.insert({
              _id: officeId,
              orgId: actor.orgId,
              npi: null,
              taxId: null,
              address: null,
              phone: null,
              ...patch,
              updatedAt: at,
              updatedBy: actor.userId,
            });
        return toOfficeDetails(office, saved, actor);
      });
    },
  };
}

export type OfficeDetailsService = ReturnType<typeof officeDetailsService>;
