/**
 * The carrier catalogue on /management/carriers (contracts carriers-admin.ts): list, read, create, change,
 * deactivate and restore. The catalogue is global to the product: whoever reads it (a super administrator, the
 * route checks the role) reads the same one, whatever their organization. A change needs the user privilege
 * editGlobalCarriers as well (the token's claim), since it changes what every organization's offices verify. A
 * carrier is never deleted: tickets name its payer id.
 *
 * After each change the catalogue reader forgets its copy, so the next verification of this process reads the
 * change; other replicas read it within their copy's lifetime (catalogue-reader.ts).
 */
import {
  CARRIER_CATALOGUE_MAX,
  CARRIER_MESSAGES,
  type CarrierListQuery,
  type CarrierPatch,
  type ManagedCarrier,
  type NewCarrierInput,
  type Page,
} from '@dv/contracts';
import { Conflict, DuplicateKey, Forbidden, NotFound, type Actor, type Store } from '@dv/kit';
import { type CarrierCatalogueReader } from './catalogue-reader';
import { carrierIdOf, carrierStore, type CarrierChange, type CarrierDocument } from './carriers.store';

export interface CarriersAdminDeps {
  readonly store: Pick<Store, 'collection'>;
  readonly reader: Pick<CarrierCatalogueReader, 'invalidate'>;
  readonly now: () => Date;
}

export interface CarriersAdminService {
  list(actor: Actor, query: CarrierListQuery): Promise<Page<ManagedCarrier>>;
  get(actor: Actor, payerId: string): Promise<ManagedCarrier>;
  create(actor: Actor, input: NewCarrierInput): Promise<ManagedCarrier>;
  update(actor: Actor, payerId: string, patch: CarrierPatch): Promise<ManagedCarrier>;
}

export function managedCarrierOf(doc: CarrierDocument): ManagedCarrier {
  return {
    payerId: doc.payerId,
    name: doc.name,
    payerKey: doc.payerKey,
    address: doc.address,
    phone: doc.phone,
    portalUrl: doc.portalUrl,
    eligibility270: doc.eligibility270,
    portalId: doc.portalId,
    invertsCoinsurance: doc.invertsCoinsurance,
    active: doc.active,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    updatedBy: doc.updatedBy,
  };
}

/** Who the record names as the author of a change: an e-mail reads better than a subject id. */
const authorOf = (actor: Actor) => actor.email ?? actor.userId;

/** The privilege the token must carry to change the catalogue. */
export function assertMayChangeCatalogue(actor: Actor): void {
  if (actor.claims.editGlobalCarriers !== true) throw new Forbidden(CARRIER_MESSAGES.privilege);
}

/** The stored form of the fields a create or a patch names (undefined: not named; null clears). */
function changeOf(fields: Omit<CarrierPatch, 'active'> | NewCarrierInput): CarrierChange {
  const change: { -readonly [Field in keyof CarrierChange]: CarrierChange[Field] } = {};
  if (fields.name !== undefined) {
    change.name = fields.name;
    change.nameKey = fields.name.toLowerCase();
  }
  if (fields.payerKey !== undefined) change.payerKey = fields.payerKey;
  if (fields.address !== undefined) change.address = fields.address === null ? null : { ...fields.address, street2: fields.address.street2 || null };
  if (fields.phone !== undefined) change.phone = fields.phone;
  if (fields.portalUrl !== undefined) change.portalUrl = fields.portalUrl;
  if (fields.eligibility270 !== undefined) change.eligibility270 = fields.eligibility270;
  if (fields.portalId !== undefined) change.portalId = fields.portalId;
  if (fields.invertsCoinsurance !== undefined) change.invertsCoinsurance = fields.invertsCoinsurance;
  return change;
}

export function carriersAdminService({ store, reader, now }: CarriersAdminDeps): CarriersAdminService {
  const carriers = carrierStore(store);

  async function load(payerId: string): Promise<CarrierDocument> {
    const doc = await carriers.findById(payerId);
    if (doc === null) throw new NotFound(CARRIER_MESSAGES.notFound);
    return doc;
  }

  return {
    async list(_actor, query) {
      const { items, total } = await carriers.page(query);
      return { items: items.map(managedCarrierOf), total, page: query.page, pageSize: query.pageSize };
    },

    async get(_actor, payerId) {
      return managedCarrierOf(await load(payerId));
    },

    async create(actor, input) {
      assertMayChangeCatalogue(actor);
      const payerId = carrierIdOf(input.payerId);
      if ((await carriers.findById(payerId)) !== null) throw new Conflict(CARRIER_MESSAGES.duplicate(payerId));
      if ((await carriers.count()) >= CARRIER_CATALOGUE_MAX) throw new Conflict(CARRIER_MESSAGES.full);
      const at = now().toISOString();
      const doc: CarrierDocument = {
        _id: payerId,
        payerId,
        name: input.name,
        nameKey: input.name.toLowerCase(),
        payerKey: input.payerKey,
        address: null,
        phone: null,
        portalUrl: null,
        eligibility270: true,
        portalId: null,
        invertsCoinsurance: false,
        ...changeOf(input),
        active: true,
        createdAt: at,
        createdBy: authorOf(actor),
        updatedAt: null,
        updatedBy: null,
        changedAt: at,
      };
      try {
        await carriers.insert(doc);
      } catch (error) {
        if (error instanceof DuplicateKey) throw new Conflict(CARRIER_MESSAGES.duplicate(payerId));
        throw error;
      }
      reader.invalidate();
      return managedCarrierOf(doc);
    },

    async update(actor, payerId, patch) {
      assertMayChangeCatalogue(actor);
      await load(payerId);
      const at = now().toISOString();
      const { active, ...fields } = patch;
      const change: CarrierChange = {
        ...changeOf(fields),
        ...(active === undefined ? {} : { active }),
        updatedAt: at,
        updatedBy: authorOf(actor),
        changedAt: at,
      };
      await carriers.update(payerId, change);
      reader.invalidate();
      return managedCarrierOf(await load(payerId));
    },
  };
}
