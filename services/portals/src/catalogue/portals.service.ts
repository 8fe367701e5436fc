/**
 * The portals catalogue of an organization: read by every portal user, written by company admins. An
 * organization gets the default catalogue the first time anything asks for its portals; portals an admin
 * deletes later stay deleted (the seeding is recorded once per organization).
 */
import { type Portal, type PortalInput, type PortalUpdateInput } from '@dv/contracts';
import { Conflict, DuplicateKey, NotFound, type Actor, type Store } from '@dv/kit';
import { assertMayReadCatalogue, assertMayWriteCatalogue } from '../access';
import { countPortalCredentials } from '../credentials/credentials.store';
import { DEFAULT_PORTALS } from './default-portals';
import {
  catalogueSeedsIn,
  findOrganizationPortal,
  listOrganizationPortals,
  portalDocumentId,
  portalsIn,
  portalView,
} from './portals.store';

export const PORTAL_NOT_FOUND = 'Portal not found';
const CATALOGUE_SEED_VERSION = 1;

export interface PortalCatalogue {
  list(actor: Actor): Promise<Portal[]>;
  create(actor: Actor, input: PortalInput): Promise<Portal>;
  update(actor: Actor, portalId: string, input: PortalUpdateInput): Promise<Portal>;
  remove(actor: Actor, portalId: string): Promise<void>;
  /** A portal of the organization, or null; for other use cases (no role check: they did their own). */
  find(orgId: string, portalId: string): Promise<Portal | null>;
  /** The organization's catalogue; for other use cases (no role check: a service asks, not a user). */
  portalsOf(orgId: string): Promise<Portal[]>;
}

/** 'Guardian Anytime' -> 'guardian-anytime'. */
export function portalIdFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return slug === '' ? 'portal' : slug;
}

export function portalCatalogue(deps: {
  store: Pick<Store, 'collection'>;
  defaults?: readonly Portal[];
  now?: () => Date;
}): PortalCatalogue {
  const { store } = deps;
  const defaults = deps.defaults ?? DEFAULT_PORTALS;
  const now = deps.now ?? (() => new Date());
  const seeded = new Set<string>();

  async function ensureSeeded(orgId: string): Promise<void> {
    if (seeded.has(orgId)) return;
    if (!(await catalogueSeedsIn(store).findById(orgId))) {
      const at = now().toISOString();
      for (const portal of defaults) {
        // An upsert that inserts only: a replica seeding at the same time, or an earlier partial run, is harmless.
        await portalsIn(store).upsert(
          { _id: portalDocumentId(orgId, portal.id) },
          { setOnInsert: { orgId, id: portal.id, name: portal.name, url: portal.url, carriers: [...portal.carriers], createdAt: at, updatedAt: at } },
        );
      }
      try {
        await catalogueSeedsIn(store).insert({ _id: orgId, seededAt: at, version: CATALOGUE_SEED_VERSION });
      } catch (error) {
        if (!(error instanceof DuplicateKey)) throw error;
      }
    }
    seeded.add(orgId);
  }

  async function existing(orgId: string, portalId: string) {
    await ensureSeeded(orgId);
    const document = await findOrganizationPortal(store, orgId, portalId);
    if (!document) throw new NotFound(PORTAL_NOT_FOUND);
    return document;
  }

  return {
    async list(actor) {
      assertMayReadCatalogue(actor);
      await ensureSeeded(actor.orgId);
      return (await listOrganizationPortals(store, actor.orgId)).map(portalView);
    },

    async create(actor, input) {
      assertMayWriteCatalogue(actor);
      await ensureSeeded(actor.orgId);
      const id = input.id ?? portalIdFromName(input.name);
      const at = now().toISOString();
      try {
        const document = await portalsIn(store).insert({
          _id: portalDocumentId(actor.orgId, id),
          orgId: actor.orgId,
          id,
          name: input.name,
          url: input.url,
          carriers: input.carriers,
          createdAt: at,
          updatedAt: at,
        });
        return portalView(document);
      } catch (error) {
        if (error instanceof DuplicateKey) throw new Conflict(`A portal with the id '${id}' already exists`);
        throw error;
      }
    },

    async update(actor, portalId, input) {
      assertMayWriteCatalogue(actor);
      const document = await existing(actor.orgId, portalId);
      const updated = { ...document, name: input.name, url: input.url, carriers: input.carriers, updatedAt: now().toISOString() };
      await portalsIn(store).update(
        { _id: document._id },
        { set: { name: updated.name, url: updated.url, carriers: updated.carriers, updatedAt: updated.updatedAt } },
      );
      return portalView(updated);
    },

    async remove(actor, portalId) {
      assertMayWriteCatalogue(actor);
      const document = await existing(actor.orgId, portalId);
      const stored = await countPortalCredentials(store, actor.orgId, portalId);
      if (stored > 0) {
        throw new Conflict(
          `Offices still have ${stored} credential${stored === 1 ? '' : 's'} for this portal; delete ${stored === 1 ? 'it' : 'them'} first`,
        );
      }
      await portalsIn(store).delete({ _id: document._id });
    },

    async find(orgId, portalId) {
      await ensureSeeded(orgId);
      const document = await findOrganizationPortal(store, orgId, portalId);
      return document ? portalView(document) : null;
    },

    async portalsOf(orgId) {
      await ensureSeeded(orgId);
      return (await listOrganizationPortals(store, orgId)).map(portalView);
    },
  };
}
