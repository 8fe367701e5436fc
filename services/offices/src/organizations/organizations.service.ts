/** Which organization a host name or a typed name stands for (SPEC sections 4, 7). */
import { type OrganizationSummary } from '@dv/contracts';
import { NotFound, type Store } from '@dv/kit';
import { organizationNameKey, organizationRecords, type OrganizationDocument } from './organizations.store';

export const ORGANIZATION_NOT_FOUND = 'Organization not found';

const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const BRACKETED_IPV6 = /^\[[0-9a-f:.]+\]$/;

/**
 * A Host header, a host name or a URL, reduced to what organizations are stored by: lower case, no port, no
 * trailing dot. Null when it is not a host name.
 */
export function normalizeHost(input: string): string | null {
  let value = input.trim().toLowerCase();
  if (value.includes('://')) {
    try {
      value = new URL(value).host;
    } catch {
      return null;
    }
  }
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return null;
    const rest = value.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
    value = value.slice(0, end + 1);
    return BRACKETED_IPV6.test(value) ? value : null;
  }
  const colon = value.indexOf(':');
  if (colon >= 0) {
    if (!/^\d{1,5}$/.test(value.slice(colon + 1))) return null;
    value = value.slice(0, colon);
  }
  value = value.replace(/\.$/, '');
  return value.length <= 253 && HOST_NAME.test(value) ? value : null;
}

export function toOrganizationSummary(doc: OrganizationDocument): OrganizationSummary {
  return { id: doc._id, name: doc.name, clientType: doc.clientType };
}

type Deps = { store: Pick<Store, 'collection'> };

export function organizationService({ store }: Deps) {
  const organizations = organizationRecords(store);

  async function byHost(host: string): Promise<OrganizationSummary | null> {
    const domain = normalizeHost(host);
    if (domain === null) return null;
    const doc = await organizations.findByDomain(domain);
    return doc ? toOrganizationSummary(doc) : null;
  }

  return {
    /**
     * POST /api/auth/organization by the host the SPA runs on: null when the host names no organization. Every
     * load of the app on such a host asks (development hosts, the product's own domain), so that answer is not
     * an error (the route answers 204).
     */
    async lookupDomain(organizationDomain: string): Promise<OrganizationSummary | null> {
      return byHost(organizationDomain);
    },

    /** POST /api/auth/organization by the name a user typed: a name no organization has is an error the prompt shows. */
    async lookupName(organizationName: string): Promise<OrganizationSummary> {
      const doc = await organizations.findByNameKey(organizationNameKey(organizationName));
      if (!doc) throw new NotFound(ORGANIZATION_NOT_FOUND);
      return toOrganizationSummary(doc);
    },

    /** The gateway's host resolution. */
    async resolveHost(host: string): Promise<OrganizationSummary> {
      const found = await byHost(host);
      if (!found) throw new NotFound(ORGANIZATION_NOT_FOUND);
      return found;
    },

    async byId(id: string): Promise<OrganizationSummary> {
      const doc = await organizations.findById(id);
      if (!doc) throw new NotFound(ORGANIZATION_NOT_FOUND);
      return toOrganizationSummary(doc);
    },
  };
}

export type OrganizationService = ReturnType<typeof organizationService>;
