/**
 * The carrier catalogue as data (issue 18, /management/carriers): every payer an office may verify, with what the
 * engine reads of it (payer key, 270 support, the portal that serves it, the coinsurance convention of its 271)
 * and what people read of it (address, phone, portal link).
 *
 * The catalogue is global to the product, not an organization's: a payer id names the same carrier for every
 * office. The page is the super administrators' (SPEC section 2); changing the catalogue also needs the user
 * privilege editGlobalCarriers (SPEC section 3, USER_PRIVILEGE_ROLES), as /management/customization needs
 * editGlobalCustomization. A carrier is never deleted, since tickets name its payer id: it is deactivated, and a
 * deactivated carrier leaves the New Verification picker and takes no new verification.
 */
import { z } from 'zod';
import { MESSAGES } from '../constants';
import { PayerKey } from '../enums';
import { ID_PATTERN, ID_MAX_LENGTH, tooLongMessage, URL_MAX_LENGTH } from '../limits';
import { ManagementListQuery } from './offices-admin';

export const CARRIER_NAME_MAX_LENGTH = 200;
export const CARRIER_STREET_MAX_LENGTH = 200;
export const CARRIER_CITY_MAX_LENGTH = 100;
export const CARRIER_PHONE_MAX_LENGTH = 30;
/**
 * Payer ids are short letters-and-digits codes ('77777', 'CX014'); the 270 sends one as the receiver id of its
 * envelope too (ISA08), whose field holds 15 characters.
 */
export const CARRIER_PAYER_ID_MAX_LENGTH = 15;
/** How many carriers the catalogue holds at most: every reader keeps all of it in memory. */
export const CARRIER_CATALOGUE_MAX = 2000;
/**
 * How long a replica of the verifications service may answer from its copy of the catalogue after another
 * replica changed it; the replica that made the change reads it afresh at once.
 */
export const CARRIER_CACHE_TTL_MS = 5_000;

export const CARRIER_MESSAGES = {
  payerId: `Use 2 to ${CARRIER_PAYER_ID_MAX_LENGTH} letters or digits, as the clearinghouse lists the payer`,
  phone: 'Use a 10-digit US phone number, like (800) 555-0100',
  state: 'Use the two-letter state code, like CA',
  zipCode: 'Use a ZIP code of 5 digits, or 5 and 4 (12345-6789)',
  portalUrl: 'Use a web address starting with https:// or http://',
  portalId: 'Use the portal id of the portals catalogue (letters, digits, -, _, ., :)',
  notFound: 'Carrier not found',
  duplicate: (payerId: string) => `The catalogue already has a carrier with payer id ${payerId}`,
  full: `The catalogue holds at most ${CARRIER_CATALOGUE_MAX} carriers`,
  privilege: 'Changing the carrier catalogue needs the editGlobalCarriers privilege',
  inactive: 'This carrier is no longer offered: pick another payer of the carrier catalogue',
  emptyPatch: 'Name at least one field to change',
} as const;

const REQUIRED = { error: MESSAGES.FIELD_REQUIRED };

const requiredText = (max: number) => z.string(REQUIRED).trim().min(1, REQUIRED).max(max, { error: tooLongMessage(max) });

/** A payer id as typed: trimmed, upper-cased (payer ids compare without case), letters and digits. */
export const CarrierPayerId = z
  .string(REQUIRED)
  .trim()
  .min(2, { error: CARRIER_MESSAGES.payerId })
  .max(CARRIER_PAYER_ID_MAX_LENGTH, { error: CARRIER_MESSAGES.payerId })
  .regex(/^[A-Za-z0-9]+$/, { error: CARRIER_MESSAGES.payerId })
  .toUpperCase();

export const CarrierName = requiredText(CARRIER_NAME_MAX_LENGTH);

/** A US phone number as people write it: 10 digits (a leading 1 or +1 allowed), spaces, dots, dashes, brackets. */
export const CarrierPhone = z
  .string()
  .trim()
  .max(CARRIER_PHONE_MAX_LENGTH, { error: CARRIER_MESSAGES.phone })
  .regex(/^\+?[0-9 ().-]+$/, { error: CARRIER_MESSAGES.phone })
  .refine((phone) => /^1?\d{10}$/.test(phone.replace(/\D/g, '')), { error: CARRIER_MESSAGES.phone });

/** The carrier's mailing address for claims and correspondence. */
export const CarrierAddress = z.strictObject({
  street1: requiredText(CARRIER_STREET_MAX_LENGTH),
  street2: z.string().trim().max(CARRIER_STREET_MAX_LENGTH, { error: tooLongMessage(CARRIER_STREET_MAX_LENGTH) }).nullable().optional(),
  city: requiredText(CARRIER_CITY_MAX_LENGTH),
  state: z.string(REQUIRED).trim().max(2, { error: CARRIER_MESSAGES.state }).regex(/^[A-Za-z]{2}$/, { error: CARRIER_MESSAGES.state }).toUpperCase(),
  zipCode: z.string(REQUIRED).trim().max(10, { error: CARRIER_MESSAGES.zipCode }).regex(/^\d{5}(-\d{4})?$/, { error: CARRIER_MESSAGES.zipCode }),
});
export type CarrierAddress = z.infer<typeof CarrierAddress>;

/** The carrier's web portal for people (the provider site an agent opens); http or https only. */
export const CarrierPortalUrl = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, { error: tooLongMessage(URL_MAX_LENGTH) })
  .pipe(z.url({ protocol: /^https?$/, error: CARRIER_MESSAGES.portalUrl }).max(URL_MAX_LENGTH));

/** The portal of the portals catalogue whose portal data jobs verify the payer (contracts PAYER_PORTALS by default). */
export const CarrierPortalId = z
  .string()
  .trim()
  .max(ID_MAX_LENGTH, { error: CARRIER_MESSAGES.portalId })
  .regex(ID_PATTERN, { error: CARRIER_MESSAGES.portalId });

/** What the engine and people read of a carrier; the catalogue's entry without its bookkeeping. */
const CarrierFields = {
  name: CarrierName,
  payerKey: PayerKey,
  address: CarrierAddress.nullable().optional(),
  phone: CarrierPhone.nullable().optional(),
  portalUrl: CarrierPortalUrl.nullable().optional(),
  /** The clearinghouse takes 270 inquiries for this payer (a clearinghouse job starts). */
  eligibility270: z.boolean().optional(),
  /** The portal whose data job starts for this payer; null: none. */
  portalId: CarrierPortalId.nullable().optional(),
  /** The payer's 271 reports the insurer's share in EB08 instead of the patient's (map271 inverts it). */
  invertsCoinsurance: z.boolean().optional(),
};

/** POST /api/management/carriers: a new carrier; it is active. */
export const NewCarrierInput = z.strictObject({ payerId: CarrierPayerId, ...CarrierFields });
export type NewCarrierInput = z.infer<typeof NewCarrierInput>;

/** PATCH /api/management/carriers/{payerId}: the fields to change; null clears. The payer id never changes. */
export const CarrierPatch = z
  .strictObject({
    ...CarrierFields,
    name: CarrierName.optional(),
    payerKey: PayerKey.optional(),
    /** false deactivates (the picker no longer offers it, no new verification takes it); true restores. */
    active: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { error: CARRIER_MESSAGES.emptyPatch });
export type CarrierPatch = z.infer<typeof CarrierPatch>;

/** /api/management/carriers/{payerId}. */
export const CarrierPayerIdParams = z.object({ payerId: CarrierPayerId });
export type CarrierPayerIdParams = z.infer<typeof CarrierPayerIdParams>;

/** A carrier as the management API shows it. */
export const ManagedCarrier = z.object({
  payerId: z.string(),
  name: z.string(),
  payerKey: PayerKey,
  address: z
    .object({ street1: z.string(), street2: z.string().nullable().optional(), city: z.string(), state: z.string(), zipCode: z.string() })
    .nullable(),
  phone: z.string().nullable(),
  portalUrl: z.string().nullable(),
  eligibility270: z.boolean(),
  portalId: z.string().nullable(),
  invertsCoinsurance: z.boolean(),
  active: z.boolean(),
  /** When the carrier entered the catalogue (the first start's seed, or a super administrator's create). */
  createdAt: z.string(),
  /** The last change, and who made it (their e-mail, else their user id); null while it is as seeded. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ManagedCarrier = z.infer<typeof ManagedCarrier>;

export const CARRIER_SORT_FIELDS = ['name', 'payerId', 'payerKey', 'updatedAt'] as const;
export type CarrierSortField = (typeof CARRIER_SORT_FIELDS)[number];
export const CARRIER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type CarrierStatusFilter = (typeof CARRIER_STATUS_FILTERS)[number];

/** GET /api/management/carriers: paged, searched by name or payer id, filtered by status, sorted. */
export const CarrierListQuery = ManagementListQuery.extend({
  status: z.enum(CARRIER_STATUS_FILTERS).default('all'),
  sort: z.enum(CARRIER_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type CarrierListQuery = z.infer<typeof CarrierListQuery>;
