/**
 * The shapes of NexHealth's answers this adapter reads (API version v20240412, also called v3.0.0), checked with zod
 * so that a malformed answer becomes a PracticeManagementError instead of a crash further down. Foreign JSON: every
 * object is loose (NexHealth adds fields over time) and only the fields the mapping reads are declared.
 *
 * Sources: NexHealth's API reference (docs.nexhealth.com) for /authenticates, /appointments, /operatories,
 * /patients/{id}?include[]=insurance_coverages, /procedures and /patients/{id}/alerts, and its response-body page for
 * the envelope { code, description, error, data, page_info | count }.
 */
import { z } from 'zod';

/** NexHealth ids are integers; the port speaks strings. A numeric string is accepted too (older recordings). */
const NexId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String);

/** A date as NexHealth writes it (YYYY-MM-DD); blank or absent reads as unknown. */
const NexDate = z
  .union([z.iso.date(), z.literal('')])
  .nullish()
  .transform((value) => (value === '' || value === undefined ? null : value));

/** An instant in ISO 8601 with its offset ("2026-10-14T13:00:00.000Z"). */
const NexInstant = z.iso.datetime({ offset: true });

/** Every answer: `code` false means NexHealth failed the request even with a 2xx status. */
export const NexEnvelope = z.looseObject({
  code: z.boolean(),
  data: z.unknown(),
  /** Cursor paging (v20240412): pass `end_cursor` back to read the next page. */
  page_info: z
    .looseObject({
      has_next_page: z.boolean().nullish(),
      end_cursor: z.string().nullish(),
    })
    .nullish(),
});
export type NexEnvelope = z.infer<typeof NexEnvelope>;

export const NexToken = z.looseObject({ token: z.string().min(1) });

export const NexAppointment = z.looseObject({
  id: NexId,
  /** Null for a schedule block. */
  patient_id: NexId.nullish(),
  provider_name: z.string().nullish(),
  /** UTC. */
  start_time: NexInstant,
  end_time: NexInstant.nullish(),
  cancelled: z.boolean().nullish(),
  /** A block that keeps the schedule free, not a patient's appointment. */
  unavailable: z.boolean().nullish(),
  /** The location's IANA time zone ("America/Chicago"). */
  timezone: z.string().nullish(),
  /** "-5:00": used only when `timezone` is absent. */
  timezone_offset: z.string().nullish(),
  operatory_id: NexId.nullish(),
});
export type NexAppointment = z.infer<typeof NexAppointment>;

export const NexOperatory = z.looseObject({
  id: NexId,
  name: z.string().nullish(),
  display_name: z.string().nullish(),
});
export type NexOperatory = z.infer<typeof NexOperatory>;

export const NexPlan = z.looseObject({
  id: NexId.nullish(),
  /** The electronic payer id (what a clearinghouse routes on). */
  payer_id: z.string().nullish(),
  name: z.string().nullish(),
  group_num: z.string().nullish(),
});

export const NexSubscriber = z.looseObject({
  id: NexId.nullish(),
  /** One string: NexHealth gives the subscriber's full name only. */
  name: z.string().nullish(),
  date_of_birth: NexDate,
});
export type NexSubscriber = z.infer<typeof NexSubscriber>;

/** A patient's coverage as /patients/{id}?include[]=insurance_coverages embeds it (active coverages only). */
export const NexCoverage = z.looseObject({
  id: NexId,
  /** self, spouse, child, employee, handicap_dep, signif_other, injured_plaintiff, life_partner, dependent, other. */
  subscription_relation: z.string().nullish(),
  /** Lowest is primary. */
  priority: z.number().int().nullish(),
  subscriber_num: z.string().nullish(),
  /** dental, medical or vision when NexHealth knows it. */
  insurance_type: z.string().nullish(),
  plan: NexPlan.nullish(),
  subscriber: NexSubscriber.nullish(),
});
export type NexCoverage = z.infer<typeof NexCoverage>;

export const NexPatient = z.looseObject({
  id: NexId,
  first_name: z.string(),
  last_name: z.string(),
  bio: z.looseObject({ date_of_birth: NexDate }).nullish(),
  insurance_coverages: z.array(NexCoverage).nullish(),
});
export type NexPatient = z.infer<typeof NexPatient>;

export const NexProcedure = z.looseObject({
  id: NexId,
  patient_id: NexId.nullish(),
  appointment_id: NexId.nullish(),
  code: z.string().nullish(),
  /** NexHealth's normalized status: planned, scheduled, completed, inactive or referred. */
  status: z.string().nullish(),
  body_site: z
    .looseObject({
      tooth: z.array(z.string()).nullish(),
      surface: z.string().nullish(),
    })
    .nullish(),
  fee: z
    .looseObject({
      /** Whole currency units as a decimal string ("62.00"). */
      amount: z.union([z.string(), z.number()]).nullish(),
      currency: z.string().nullish(),
    })
    .nullish(),
  start_date: NexDate,
  end_date: NexDate,
});
export type NexProcedure = z.infer<typeof NexProcedure>;

export const NexAlert = z.looseObject({
  id: NexId,
  note: z.string().nullish(),
  disabled_at: z.string().nullish(),
});
export type NexAlert = z.infer<typeof NexAlert>;
