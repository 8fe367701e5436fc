/**
 * Dental offices: what their users read (SPEC section 7) and what the management API changes. Every office is
 * looked up inside the actor's organization, so another organization's office is "not found", never shown.
 */
import {
  MESSAGES,
  type DentalOfficeDetail,
  type ManagedOffice,
  type ManagementListQuery,
  type NewOfficeInput,
  type OfficePatch,
  type OfficeProfile,
  type OfficeSettings,
  type UserOfficeSettings,
  type OfficeSettingsPatch,
  type Page,
} from '@dv/contracts';
import { Forbidden, invalidField, NotFound, type Actor, type Outbox, type Store } from '@dv/kit';
import { randomUUID } from 'node:crypto';
import {
  MANAGER_EDITABLE_SETTINGS,
  assertCanReadManagement,
  assertCanWriteManagement,
  mayActForOffice,
  officeAccess,
} from '../access';
import { recordEvent } from '../events';
import { groupRecords } from '../groups/groups.store';
import { listPage } from '../paging';
import {
  isActiveOffice,
  officeNameKey,
  officeRecords,
  type OfficeChange,
  type OfficeDocument,
  type StoredOfficeSettings,
} from './offices.store';

export function toOfficeSettings(doc: OfficeDocument): OfficeSettings {
  return { id: doc._id, ...doc.settings };
}

export function toManagedOffice(doc: OfficeDocument): ManagedOffice {
  return {
    id: doc._id,
    orgId: doc.orgId,
    name: doc.name,
    groupId: doc.groupId,
    planType: doc.planType,
    integration: doc.integration,
    settings: toOfficeSettings(doc),
    active: isActiveOffice(doc),
  };
}

function toDentalOfficeDetail(doc: OfficeDocument): DentalOfficeDetail {
  return { id: doc._id, name: doc.name, planType: doc.planType, integration: doc.integration };
}

/** The stored settings after a patch: absent fields stay, null clears, a schedule integration is replaced whole. */
export function applySettingsPatch(current: StoredOfficeSettings, patch: Partial<OfficeSettingsPatch>): StoredOfficeSettings {
  const schedule = patch.scheduleIntegration;
  return {
    scheduleIntegration:
      schedule === undefined
        ? current.scheduleIntegration
        : schedule === null
          ? null
          : { type: schedule.type ?? null, pmsType: schedule.pmsType ?? null, integration: schedule.integration ?? null },
    outsource: patch.outsource === undefined ? current.outsource : patch.outsource,
    paymentType: patch.paymentType === undefined ? current.paymentType : patch.paymentType,
    ableToFullfillForm: patch.ableToFullfillForm ?? current.ableToFullfillForm,
  };
}

/**
 * The management API's answer for an office it cannot find. Deliberately not MESSAGES.DENTAL_OFFICE_NOT_FOUND:
 * the SPA reads that exact 404 as "the session's office is gone" and signs the user out (SPEC section 8), which
 * must not happen to an administrator who merely opened a stale link.
 */
export const OFFICE_NOT_FOUND = 'No office with this id in your organization';

export const EMPTY_SETTINGS: StoredOfficeSettings = {
  scheduleIntegration: null,
  outsource: null,
  paymentType: null,
  ableToFullfillForm: false,
};

type Deps = {
  store: Pick<Store, 'collection' | 'transaction'>;
  outbox: Pick<Outbox, 'add'>;
  now?: () => Date;
};

export function officeService({ store, outbox, now = () => new Date() }: Deps) {
  const offices = officeRecords(store);

  /**
   * The office of the actor's organization that the actor may act for; 404 otherwise (nothing revealed), with
   * `notFound` as the message.
   */
  async function visibleOffice(actor: Actor, id: string, notFound = OFFICE_NOT_FOUND): Promise<OfficeDocument> {
    const doc = mayActForOffice(actor, id) ? await offices.findInOrg(id, actor.orgId) : null;
    if (!doc) throw new NotFound(notFound);
    return doc;
  }

  /** Applies a change to an office of the actor's organization and records office.updated, in one transaction. */
  async function changeOffice(actor: Actor, id: string, change: (doc: OfficeDocument) => OfficeChange): Promise<ManagedOffice> {
    return store.transaction(async (tx) => {
      const records = officeRecords(tx);
      const current = await records.findInOrg(id, actor.orgId);
      if (!current) throw new NotFound(OFFICE_NOT_FOUND);
      const updated = await records.update(id, actor.orgId, change(current), now().toISOString());
      if (!updated) throw new NotFound(OFFICE_NOT_FOUND);
      const office = toManagedOffice(updated);
      await recordEvent(outbox, tx, 'office.updated', id, office);
      return office;
    });
  }

  return {
    /** The kit's office-header check for company users. */
    async officeBelongsToOrg(officeId: string, orgId: string): Promise<boolean> {
      return (await offices.findInOrg(officeId, orgId)) !== null;
    },

    /** The gateway's look-up: which organization owns the office. */
    async ownerOf(officeId: string): Promise<{ id: string; orgId: string } | null> {
      const doc = await offices.findById(officeId);
      return doc ? { id: doc._id, orgId: doc.orgId } : null;
    },

    /**
     * The internal profile look-up (a service's background work, the payment gate): organization, plan type,
     * schedule integration, payment type and billing validity.
     */
    async profileOf(officeId: string): Promise<OfficeProfile | null> {
      const doc = await offices.findById(officeId);
      if (!doc) return null;
      return {
        id: doc._id,
        orgId: doc.orgId,
        planType: doc.planType,
        scheduleIntegration: doc.settings.scheduleIntegration,
        paymentType: doc.settings.paymentType,
        ...(doc.billing === undefined ? {} : { billingValid: doc.billing.valid }),
      };
    },

    /**
     * GET /api/dentaloffice/user/all: company users get every office of their organization. A deactivated office
     * is left out: the office switcher no longer offers it.
     */
    async settingsForUser(actor: Actor): Promise<UserOfficeSettings[]> {
      const docs = actor.companyUser
        ? await offices.listInOrg(actor.orgId)
        : await offices.findManyInOrg(actor.orgId, actor.claims.allowedOfficeIds);
      return docs.filter(isActiveOffice).map((doc) => ({ ...toOfficeSettings(doc), name: doc.name }));
    },

    /** GET /api/dentaloffice/{id}: the SPA's session office; its 404 is the exact body of SPEC section 8. */
    async dentalOffice(actor: Actor, id: string): Promise<DentalOfficeDetail> {
      return toDentalOfficeDetail(await visibleOffice(actor, id, MESSAGES.DENTAL_OFFICE_NOT_FOUND));
    },

    async list(actor: Actor, query: ManagementListQuery): Promise<Page<ManagedOffice>> {
      assertCanReadManagement(actor);
      return listPage(
        {
          count: () => offices.countInOrg(actor.orgId),
          fetch: (range) => offices.listInOrg(actor.orgId, range),
          all: () => offices.listInOrg(actor.orgId),
          matches: (doc, needle) => doc.nameKey.includes(needle),
        },
        query,
        (docs) => docs.map(toManagedOffice),
      );
    },

    async get(actor: Actor, id: string): Promise<ManagedOffice> {
      const doc = await visibleOffice(actor, id);
      if (officeAccess(actor, id) === 'none') throw new Forbidden('Your role does not allow this');
      return toManagedOffice(doc);
    },

    async create(actor: Actor, input: NewOfficeInput): Promise<ManagedOffice> {
      assertCanWriteManagement(actor);
      const at = now().toISOString();
      return store.transaction(async (tx) => {
        const groupId = input.groupId ?? null;
        if (groupId !== null && !(await groupRecords(tx).findInOrg(groupId, actor.orgId))) {
          throw invalidField('groupId', 'No such group in your organization');
        }
        const doc: OfficeDocument = {
          _id: randomUUID(),
          orgId: actor.orgId,
          name: input.name,
          nameKey: officeNameKey(input.name),
          groupId,
          planType: input.planType ?? 'freemium',
          integration: input.integration ?? null,
          settings: applySettingsPatch(EMPTY_SETTINGS, input.settings ?? {}),
          active: true,
          createdAt: at,
          updatedAt: at,
        };
        await officeRecords(tx).insert(doc);
        const office = toManagedOffice(doc);
        await recordEvent(outbox, tx, 'office.created', doc._id, office);
        if (groupId !== null) {
          await recordEvent(outbox, tx, 'group.office-added', groupId, { groupId, orgId: actor.orgId, officeId: doc._id });
        }
        return office;
      });
    },

    /**
     * Name, plan type, integration, deactivation: company administrators only. A deactivated office stays with
     * its records (tickets name it); its users no longer get it in new sessions nor in the office switcher.
     */
    async update(actor: Actor, id: string, patch: OfficePatch): Promise<ManagedOffice> {
      assertCanWriteManagement(actor);
      const at = now().toISOString();
      return changeOffice(actor, id, () => ({
        ...(patch.name === undefined ? {} : { name: patch.name, nameKey: officeNameKey(patch.name) }),
        ...(patch.planType === undefined ? {} : { planType: patch.planType }),
        ...(patch.integration === undefined ? {} : { integration: patch.integration }),
        ...(patch.active === undefined ? {} : { active: patch.active, deactivatedAt: patch.active ? null : at }),
      }));
    },

    /** Company administrators change every setting; the office's managers only its schedule integration. */
    async updateSettings(actor: Actor, id: string, patch: OfficeSettingsPatch): Promise<OfficeSettings> {
      await visibleOffice(actor, id);
      const access = officeAccess(actor, id);
      if (access === 'none' || access === 'read') throw new Forbidden('Your role does not allow this');
      if (access === 'manager') {
        const editable: readonly string[] = MANAGER_EDITABLE_SETTINGS;
        const reserved = Object.keys(patch).filter((field) => !editable.includes(field));
        if (reserved.length > 0) {
          throw new Forbidden(`Only company administrators may change ${reserved.join(', ')}`);
        }
      }
      const office = await changeOffice(actor, id, (current) => ({ settings: applySettingsPatch(current.settings, patch) }));
      return office.settings;
    },
  };
}

export type OfficeService = ReturnType<typeof officeService>;
