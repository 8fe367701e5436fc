/**
 * The plan library: sharing a verification's plan (by plan hash) inside its organization, and searching and
 * reading the organization's plans. A verification's plan is shared when its sources have all answered and
 * again when it is submitted; a plan whose hash changed (new data, a user's edit) moves the verification to the
 * library entry of the new hash.
 */
import { randomUUID } from 'node:crypto';
import {
  type CaveatV3,
  type MappingInfoV3,
  type Page,
  type PlanLibraryDetail,
  type PlanLibraryItem,
  type PlanSearchQuery,
  type PlanV3,
} from '@dv/contracts';
import { NotFound, type Transaction } from '@dv/kit';
import { normalizeGroupNumber, planHash } from './plan-hash';
import { lastVerifiedOf, type PlanCriteria, type PlanLibraryDocument, type PlanLibraryStore } from './plans.store';

export interface ShareInput {
  readonly orgId: string;
  readonly verificationId: string;
  /** The library entry the verification shared until now. */
  readonly currentPlanId: string | null;
  readonly carrier: { readonly payerId: string; readonly name: string };
  readonly plan: PlanV3;
  readonly now: Date;
}

export interface Shared {
  readonly planId: string;
  readonly planHash: string;
}

export interface PlanLibrary {
  share(tx: Transaction, input: ShareInput): Promise<Shared>;
  search(orgId: string, query: PlanSearchQuery): Promise<Page<PlanLibraryItem>>;
  get(orgId: string, id: string): Promise<PlanLibraryDetail>;
}

/** Patient fields whose conflicts a source may have noted in the plan's benefits. */
const PATIENT_FIELDS: ReadonlySet<string> = new Set(['deductibleRemaining', 'insuranceRemaining', 'effectiveDate', 'history']);
/**
 * Caveat text about one patient rather than the plan: amounts or visits remaining, used or met, last visits and
 * dates. The mappings keep such facts in the patient document; this catches what a source or an edit still put
 * in the plan, since the plan hash leaves caveats out and the latest verification's caveats would reach every
 * office of the organization.
 */
const PATIENT_LEVEL_TEXT =
  /\b(?:remaining|used|(?<!\bbe\s)met|year[\s-]+to[\s-]+date|last\s+(?:visit|service|exam|cleaning|periodic|prophy\w*))\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\b/i;

const isPatientPath = (path: string | undefined): boolean =>
  path !== undefined && (path.startsWith('patient.') || PATIENT_FIELDS.has(path));

/** The items to keep, or undefined when none is left (the key is then dropped). */
function kept<T>(items: readonly T[] | undefined, keep: (item: T) => boolean): T[] | undefined {
  const left = items?.filter(keep);
  return left === undefined || left.length === 0 ? undefined : left;
}

type WithNotes = { caveat?: CaveatV3; mappingInfo?: MappingInfoV3[] };

function withoutPatientNotes(holder: WithNotes): void {
  const caveat = kept(holder.caveat, (entry) => !PATIENT_LEVEL_TEXT.test(entry.value));
  if (caveat === undefined) delete holder.caveat;
  else holder.caveat = caveat;
  const mappingInfo = kept(holder.mappingInfo, (info) => !isPatientPath(info.path));
  if (mappingInfo === undefined) delete holder.mappingInfo;
  else holder.mappingInfo = mappingInfo;
}

/**
 * The plan as the library keeps it: nothing about one patient (caveats and mapping info about patient-level
 * facts), no user hashes.
 */
export function libraryCopy(plan: PlanV3, hash: string): PlanV3 {
  const copy = structuredClone(plan);
  withoutPatientNotes(copy);
  withoutPatientNotes(copy.details);
  withoutPatientNotes(copy.benefits);
  for (const entry of Object.values(copy.benefits.adaCodes)) withoutPatientNotes(entry);
  delete copy.userHashes;
  copy.planHash = hash;
  return copy;
}

function itemOf(doc: PlanLibraryDocument): PlanLibraryItem {
  return {
    id: doc._id,
    planHash: doc.planHash,
    carrier: doc.carrier,
    groupNumber: doc.groupNumber,
    groupName: doc.groupName,
    employer: doc.employer,
    planType: doc.plan.details.planType.value,
    score: doc.score,
    verifications: doc.verificationIds.length,
    lastVerifiedAt: lastVerifiedOf(doc),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** The query as the store searches: empty texts dropped, group numbers normalised as the library keeps them. */
export function criteriaOf(orgId: string, query: PlanSearchQuery): PlanCriteria {
  const groupNumber = query.groupNumber === undefined ? null : normalizeGroupNumber(query.groupNumber);
  return {
    orgId,
    ...(query.q ? { text: { lower: query.q.toLowerCase(), groupNumber: normalizeGroupNumber(query.q) } } : {}),
    ...(query.carrier ? { carrier: query.carrier } : {}),
    ...(groupNumber ? { groupNumber } : {}),
    ...(query.groupName ? { groupName: query.groupName } : {}),
    ...(query.employer ? { employer: query.employer } : {}),
    ...(query.planType ? { planType: query.planType } : {}),
  };
}

export function planLibrary(plans: PlanLibraryStore): PlanLibrary {
  return {
    async share(tx, input) {
      const hash = planHash(input.carrier.payerId, input.plan);
      const at = input.now.toISOString();
      const copy = libraryCopy(input.plan, hash);
      const groupName = input.plan.sponsor.groupName.value;
      const employer = input.plan.sponsor.sponsorName.value;
      const described = {
        carrier: { payerId: input.carrier.payerId, name: input.carrier.name },
        groupNumber: normalizeGroupNumber(input.plan.sponsor.groupNumber.value),
        groupName,
        employer,
        keys: {
          carrier: input.carrier.name.toLowerCase(),
          groupName: groupName?.toLowerCase() ?? '',
          employer: employer?.toLowerCase() ?? '',
        },
        score: input.plan.score,
        plan: copy,
        lastVerifiedAt: at,
        updatedAt: at,
      };
      const existing = await plans.findByHash(tx, input.orgId, hash);
      let planId: string;
      if (existing === null) {
        planId = randomUUID();
        await plans.insert(tx, {
          _id: planId,
          orgId: input.orgId,
          planHash: hash,
          ...described,
          verificationIds: [input.verificationId],
          createdAt: at,
        });
      } else {
        planId = existing._id;
        const verificationIds = existing.verificationIds.includes(input.verificationId)
          ? existing.verificationIds
          : [...existing.verificationIds, input.verificationId];
        await plans.update(tx, planId, { ...described, verificationIds: [...verificationIds] });
      }
      if (input.currentPlanId !== null && input.currentPlanId !== planId) {
        const previous = await plans.findInOrg(input.orgId, input.currentPlanId, tx);
        if (previous !== null) {
          await plans.update(tx, previous._id, {
            verificationIds: previous.verificationIds.filter((id) => id !== input.verificationId),
          });
        }
      }
      return { planId, planHash: hash };
    },

    async search(orgId, query) {
      // An entry no verification shares any more was superseded (new data, an edit): it is not offered.
      const found = await plans.search(criteriaOf(orgId, query));
      const matching = found.filter((doc) => doc.verificationIds.length > 0);
      const skip = (query.page - 1) * query.pageSize;
      return {
        items: matching.slice(skip, skip + query.pageSize).map(itemOf),
        total: matching.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async get(orgId, id) {
      const doc = await plans.findInOrg(orgId, id);
      if (doc === null) throw new NotFound('Plan not found');
      return { ...itemOf(doc), plan: doc.plan };
    },
  };
}
