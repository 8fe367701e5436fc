/**
 * What the schedule service saw of each office's practice-management system: one document per office (its id the
 * office id) with the last read of a day that answered and the last that failed. The only place that names the
 * collection. No patient data: counts, days, times and the adapter's words about the system.
 */
import { type OfficeIntegrationStatus, type PracticeSource } from '@dv/contracts';
import { type BaseDocument, type Store } from '@dv/kit';

export const INTEGRATION_STATUS_COLLECTION = 'integrationStatus';

export interface IntegrationStatusDocument extends BaseDocument {
  /** The office id. */
  readonly _id: string;
  readonly orgId: string;
  readonly source: PracticeSource;
  readonly lastSuccessAt: string | null;
  readonly lastSuccessDay: string | null;
  readonly lastAppointments: number | null;
  readonly lastErrorAt: string | null;
  readonly lastError: string | null;
  readonly failuresSinceSuccess: number;
}

export interface ReadSuccess {
  readonly orgId: string;
  readonly officeId: string;
  readonly source: PracticeSource;
  readonly at: string;
  readonly day: string;
  readonly appointments: number;
}

export interface ReadFailure {
  readonly orgId: string;
  readonly officeId: string;
  readonly source: PracticeSource;
  readonly at: string;
  readonly error: string;
}

export function statusView(doc: IntegrationStatusDocument): OfficeIntegrationStatus {
  return {
    officeId: doc._id,
    source: doc.source,
    lastSuccessAt: doc.lastSuccessAt,
    lastSuccessDay: doc.lastSuccessDay,
    lastAppointments: doc.lastAppointments,
    lastErrorAt: doc.lastErrorAt,
    lastError: doc.lastError,
    failuresSinceSuccess: doc.failuresSinceSuccess,
  };
}

export function integrationStatusStore(store: Pick<Store, 'collection'>) {
  const statuses = () => store.collection<IntegrationStatusDocument>(INTEGRATION_STATUS_COLLECTION);
  return {
    async success({ orgId, officeId, source, at, day, appointments }: ReadSuccess): Promise<void> {
      await statuses().upsert(
        { _id: officeId },
        {
          set: { orgId, source, lastSuccessAt: at, lastSuccessDay: day, lastAppointments: appointments, failuresSinceSuccess: 0 },
          setOnInsert: { lastErrorAt: null, lastError: null },
        },
      );
    },

    /** Counts the failure on the last count (a race between two reads may count one failure less: it is a status). */
    async failure({ orgId, officeId, source, at, error }: ReadFailure): Promise<void> {
      const before = await statuses().findById(officeId);
      await statuses().upsert(
        { _id: officeId },
        {
          set: { orgId, source, lastErrorAt: at, lastError: error, failuresSinceSuccess: (before?.failuresSinceSuccess ?? 0) + 1 },
          setOnInsert: { lastSuccessAt: null, lastSuccessDay: null, lastAppointments: null },
        },
      );
    },

    /** The statuses of these offices that belong to the organization. */
    ofOffices: (orgId: string, officeIds: readonly string[]) =>
      officeIds.length === 0 ? Promise.resolve([]) : statuses().find({ orgId, _id: { $in: [...officeIds] } }, { sort: { _id: 1 } }),
  };
}

export type IntegrationStatusStore = ReturnType<typeof integrationStatusStore>;
