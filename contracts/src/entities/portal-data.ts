/**
 * The portal data request and result that travel between the verifications and portals services over the bus:
 * who to look up at which portal, and what the portal answered (its benefit and history rows as read).
 */
import { z } from 'zod';
import { PayerKey, RELATIONS_TO_SUBSCRIBER } from '../enums';

/** A portal's answer to a data request. */
export const PORTAL_DATA_STATUSES = ['ok', 'credentialPending', 'mfaRequired', 'error'] as const;
export const PortalDataStatus = z.enum(PORTAL_DATA_STATUSES);
export type PortalDataStatus = z.infer<typeof PortalDataStatus>;

/** Who to look up at the portal: the identifiers a portal's eligibility search needs, nothing more. */
export const PortalPatientIdentifiers = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** MM/DD/YYYY. */
  dob: z.string(),
  memberId: z.string(),
  relationToSubscriber: z.enum(RELATIONS_TO_SUBSCRIBER),
  subscriber: z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      dob: z.string().optional(),
      memberId: z.string().optional(),
    })
    .optional(),
});
export type PortalPatientIdentifiers = z.infer<typeof PortalPatientIdentifiers>;

/**
 * Payload of `portal-data.requested` on TOPICS.portalDataRequests, keyed by verification id: the portals
 * service looks the patient up at a portal serving the payer with the office's credential and answers with a
 * `portal-data.result` naming the same `requestId`.
 */
export const PortalDataRequestPayload = z.object({
  requestId: z.string().min(1),
  verificationId: z.string().min(1),
  orgId: z.string().min(1),
  officeId: z.string().min(1),
  /** The portal the verifications service expects to serve the payer; the portals service may pick another. */
  portalId: z.string().nullable(),
  payer: z.object({ payerId: z.string(), name: z.string(), payerKey: PayerKey }),
  patient: PortalPatientIdentifiers,
});
export type PortalDataRequestPayload = z.infer<typeof PortalDataRequestPayload>;

const Amount = z.number().min(0);

/** One row of a portal's benefit summary: a service group or one procedure, as the portal words it. */
export const PortalBenefitRow = z.object({
  /** The portal's label: 'Diagnostic & Preventive', 'Basic Restorative', 'Endodontics', 'Crowns' ... */
  service: z.string(),
  /** A procedure code ('D0120' or 'ADA:D0120') when the row is about one procedure. */
  procedureCode: z.string().optional(),
  /** What the plan pays, in percent. */
  coveragePercent: z.number().min(0).max(100).optional(),
  deductibleApplies: z.boolean().optional(),
  /** '2 per calendar year', '1 per 6 months', '1 per 36 months', '1 per lifetime'. */
  frequency: z.string().optional(),
  /** '12 months', '6 months', 'None'. */
  waitingPeriod: z.string().optional(),
  /** 'Up to age 19', 'Under 16', 'Age 16 and over'. */
  ageLimit: z.string().optional(),
  notes: z.string().optional(),
});
export type PortalBenefitRow = z.infer<typeof PortalBenefitRow>;

/** A procedure the portal lists in the patient's claim history. */
export const PortalHistoryRow = z.object({
  procedureCode: z.string(),
  /** MM/DD/YYYY. */
  serviceDate: z.string(),
  tooth: z.string().optional(),
  surfaces: z.string().optional(),
  description: z.string().optional(),
});
export type PortalHistoryRow = z.infer<typeof PortalHistoryRow>;

/**
 * What a portal shows about a patient and their plan, in the portal's own terms. The verifications service maps
 * it to the version 3 patient and plan.
 */
export const PortalData = z.object({
  /** Patient-level facts: eligibility, dates, what is left this benefit year, claim history. */
  patient: z.object({
    eligibility: z.enum(['Active', 'Inactive', 'Terminated']).optional(),
    /** MM/DD/YYYY. */
    effectiveDate: z.string().optional(),
    terminationDate: z.string().nullable().optional(),
    deductibleRemaining: Amount.optional(),
    maximumRemaining: Amount.optional(),
    history: z.array(PortalHistoryRow).default([]),
    /** The portal lists every claim of the lookback period (not only the latest of each code). */
    historyComplete: z.boolean().optional(),
  }),
  /** Plan-level facts: the plan's identity and its benefits. */
  plan: z.object({
    planName: z.string().optional(),
    groupNumber: z.string().optional(),
    groupName: z.string().optional(),
    employer: z.string().optional(),
    /** 'In Network', 'Out Of Network', 'PPO', 'Premier' ... as the portal says it. */
    network: z.string().optional(),
    /** 'Calendar Year', or the month the benefit year starts ('July'). */
    benefitPeriod: z.string().optional(),
    annualMaximum: Amount.optional(),
    deductible: z.object({ individual: Amount.optional(), family: Amount.optional() }).optional(),
    missingToothClause: z.boolean().optional(),
    dependentAgeLimit: z.number().int().min(0).max(120).optional(),
    studentAgeLimit: z.number().int().min(0).max(120).optional(),
    benefits: z.array(PortalBenefitRow).default([]),
    /** Other plans the portal lists for the member (names or group numbers). */
    otherPlans: z.array(z.string()).optional(),
  }),
});
export type PortalData = z.infer<typeof PortalData>;

/**
 * Payload of `portal-data.result` on TOPICS.portalDataResults, keyed by verification id. `credentialPending`
 * (the office has no credential for a portal serving the payer) and `mfaRequired` (the portal asked for a code)
 * are not final: a later result for the same request follows once the office acted. `data` comes with `ok`.
 */
export const PortalDataResultPayload = z
  .object({
    requestId: z.string().min(1),
    verificationId: z.string().min(1),
    orgId: z.string().min(1),
    officeId: z.string().min(1),
    status: PortalDataStatus,
    /** The portal that answered. */
    portalId: z.string().optional(),
    /** Why: the error, or what the office has to do. */
    message: z.string().optional(),
    data: PortalData.optional(),
  })
  .refine((result) => result.status !== 'ok' || result.data !== undefined, {
    error: 'An ok result carries data',
    path: ['data'],
  });
export type PortalDataResultPayload = z.infer<typeof PortalDataResultPayload>;
