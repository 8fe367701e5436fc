/**
 * Groups of offices. An office belongs to one group at most: adding an office that is in another group is a
 * conflict (remove it there first), so a group's offices never change behind its managers' backs.
 */
import {
  type GroupPatch,
  type ManagedGroup,
  type ManagementListQuery,
  type NewGroupInput,
  type Page,
} from '@dv/contracts';
import { Conflict, DuplicateKey, invalidField, NotFound, type Actor, type Outbox, type Store, type Transaction } from '@dv/kit';
import { randomUUID } from 'node:crypto';
import { assertCanReadManagement, assertCanWriteManagement } from '../access';
import { recordEvent } from '../events';
import { OFFICE_NOT_FOUND, toManagedOffice } from '../offices/offices.service';
import { officeRecords } from '../offices/offices.store';
import { listPage } from '../paging';
import { groupNameKey, groupRecords, type GroupDocument } from './groups.store';

export const GROUP_NOT_FOUND = 'Group not found';

type Deps = {
  store: Pick<Store, 'collection' | 'transaction'>;
  outbox: Pick<Outbox, 'add'>;
  now?: () => Date;
};

function toManagedGroup(doc: GroupDocument, officeIds: readonly string[]): ManagedGroup {
  return { id: doc._id, orgId: doc.orgId, name: doc.name, officeIds: [...officeIds] };
}

/** Groups with their offices, read through `db` (the store, or a transaction for a consistent view). */
async function withOffices(db: Pick<Transaction, 'collection'>, orgId: string, docs: readonly GroupDocument[]): Promise<ManagedGroup[]> {
  if (docs.length === 0) return [];
  const offices = await officeRecords(db).listInGroups(orgId, docs.map((doc) => doc._id));
  return docs.map((doc) => {
    const officeIds = offices.filter((office) => office.groupId === doc._id).map((office) => office._id);
    return toManagedGroup(doc, officeIds);
  });
}

function nameTaken(name: string): Conflict {
  return new Conflict(`A group named '${name}' already exists`, [{ location: 'body', path: 'name', message: 'Already taken' }]);
}

export function groupService({ store, outbox, now = () => new Date() }: Deps) {
  const groups = groupRecords(store);

  async function one(db: Pick<Transaction, 'collection'>, actor: Actor, id: string): Promise<ManagedGroup> {
    const doc = await groupRecords(db).findInOrg(id, actor.orgId);
    if (!doc) throw new NotFound(GROUP_NOT_FOUND);
    const [group] = await withOffices(db, actor.orgId, [doc]);
    if (!group) throw new NotFound(GROUP_NOT_FOUND);
    return group;
  }

  /** Sets an office's group and records the office and group events, inside `tx`. */
  async function moveOffice(tx: Transaction, actor: Actor, officeId: string, groupId: string | null, previous: string | null): Promise<void> {
    const at = now().toISOString();
    const updated = await officeRecords(tx).update(officeId, actor.orgId, { groupId }, at);
    if (!updated) throw new NotFound(OFFICE_NOT_FOUND);
    await recordEvent(outbox, tx, 'office.updated', officeId, toManagedOffice(updated));
    if (previous !== null) {
      await recordEvent(outbox, tx, 'group.office-removed', previous, { groupId: previous, orgId: actor.orgId, officeId });
    }
    if (groupId !== null) {
      await recordEvent(outbox, tx, 'group.office-added', groupId, { groupId, orgId: actor.orgId, officeId });
    }
  }

  async function writing<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    try {
      return await store.transaction(work);
    } catch (error) {
      // Two creates of the same name racing: the unique index decides.
      if (error instanceof DuplicateKey) throw new Conflict('A group with this name already exists');
      throw error;
    }
  }

  return {
    async list(actor: Actor, query: ManagementListQuery): Promise<Page<ManagedGroup>> {
      assertCanReadManagement(actor);
      return listPage(
        {
          count: () => groups.countInOrg(actor.orgId),
          fetch: (range) => groups.listInOrg(actor.orgId, range),
          all: () => groups.listInOrg(actor.orgId),
          matches: (doc, needle) => doc.nameKey.includes(needle),
        },
        query,
        (docs) => withOffices(store, actor.orgId, docs),
      );
    },

    async get(actor: Actor, id: string): Promise<ManagedGroup> {
      assertCanReadManagement(actor);
      return one(store, actor, id);
    },

    async create(actor: Actor, input: NewGroupInput): Promise<ManagedGroup> {
      assertCanWriteManagement(actor);
      const at = now().toISOString();
      return writing(async (tx) => {
        const records = groupRecords(tx);
        const nameKey = groupNameKey(input.name);
        if (await records.findByNameKey(actor.orgId, nameKey)) throw nameTaken(input.name);
        const officeIds = [...new Set(input.officeIds ?? [])];
        const offices = await officeRecords(tx).findManyInOrg(actor.orgId, officeIds);
        officeIds.forEach((officeId, index) => {
          const office = offices.find((candidate) => candidate._id === officeId);
          if (!office) throw invalidField(`officeIds.${index}`, 'No such office in your organization');
          if (office.groupId !== null) throw new Conflict(`Office ${officeId} already belongs to a group; remove it there first`);
        });
        const doc: GroupDocument = { _id: randomUUID(), orgId: actor.orgId, name: input.name, nameKey, createdAt: at, updatedAt: at };
        await records.insert(doc);
        await recordEvent(outbox, tx, 'group.created', doc._id, toManagedGroup(doc, officeIds));
        for (const officeId of officeIds) await moveOffice(tx, actor, officeId, doc._id, null);
        return toManagedGroup(doc, officeIds);
      });
    },

    async rename(actor: Actor, id: string, patch: GroupPatch): Promise<ManagedGroup> {
      assertCanWriteManagement(actor);
      return writing(async (tx) => {
        const records = groupRecords(tx);
        const current = await records.findInOrg(id, actor.orgId);
        if (!current) throw new NotFound(GROUP_NOT_FOUND);
        const nameKey = groupNameKey(patch.name);
        const holder = await records.findByNameKey(actor.orgId, nameKey);
        if (holder && holder._id !== id) throw nameTaken(patch.name);
        await records.rename(id, actor.orgId, patch.name, nameKey, now().toISOString());
        const group = await one(tx, actor, id);
        await recordEvent(outbox, tx, 'group.updated', id, group);
        return group;
      });
    },

    /** Idempotent: adding an office that is already in the group changes nothing and records no event. */
    async addOffice(actor: Actor, id: string, officeId: string): Promise<ManagedGroup> {
      assertCanWriteManagement(actor);
      return writing(async (tx) => {
        if (!(await groupRecords(tx).findInOrg(id, actor.orgId))) throw new NotFound(GROUP_NOT_FOUND);
        const office = await officeRecords(tx).findInOrg(officeId, actor.orgId);
        if (!office) throw invalidField('officeId', 'No such office in your organization');
        if (office.groupId !== id) {
          if (office.groupId !== null) throw new Conflict('The office belongs to another group; remove it there first');
          await moveOffice(tx, actor, officeId, id, null);
        }
        return one(tx, actor, id);
      });
    },

    async removeOffice(actor: Actor, id: string, officeId: string): Promise<ManagedGroup> {
      assertCanWriteManagement(actor);
      return writing(async (tx) => {
        if (!(await groupRecords(tx).findInOrg(id, actor.orgId))) throw new NotFound(GROUP_NOT_FOUND);
        const office = await officeRecords(tx).findInOrg(officeId, actor.orgId);
        if (!office || office.groupId !== id) throw new NotFound('The office is not in this group');
        await moveOffice(tx, actor, officeId, null, id);
        return one(tx, actor, id);
      });
    },
  };
}

export type GroupService = ReturnType<typeof groupService>;
