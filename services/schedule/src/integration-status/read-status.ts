/**
 * Records each read of a day from an office's practice-management system, by wrapping the adapters: whoever reads
 * (the day page, a batch, a nightly run), the office's status says when its system last answered, for which day
 * and with how many appointments, or when and why it last failed. Recording never changes the read: a failure to
 * record is logged (the office id only) and the read's own answer or error goes on.
 */
import { INTEGRATION_ERROR_MAX_LENGTH } from '@dv/contracts';
import { type Logger } from '@dv/kit';
import { PracticeManagementError, type PracticeManagement } from '../practice/practice-management';
import { type PracticeAdapters } from '../schedule/office-context';
import { type IntegrationStatusStore } from './integration-status.store';

export const NO_ANSWER_IN_TIME = 'The practice-management system did not answer in time';
export const UNREADABLE = 'The practice-management system could not be read';

/** The adapter's words about the system (PracticeManagementError never carries patient data); anything else, ours. */
export function readErrorText(error: unknown): string {
  if (error instanceof PracticeManagementError) return error.message.slice(0, INTEGRATION_ERROR_MAX_LENGTH);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return NO_ANSWER_IN_TIME;
  return UNREADABLE;
}

export interface ReadStatusDeps {
  readonly status: Pick<IntegrationStatusStore, 'success' | 'failure'>;
  readonly now: () => Date;
  readonly logger?: Logger;
}

function recording(practice: PracticeManagement, { status, now, logger }: ReadStatusDeps): PracticeManagement {
  const record = async (officeId: string, write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      logger?.warn({ officeId, err: error instanceof Error ? error.name : 'unknown' }, 'the integration status of a schedule read was not recorded');
    }
  };
  return {
    kind: practice.kind,
    async day(office, date, options) {
      const base = { orgId: office.orgId, officeId: office.officeId, source: practice.kind };
      try {
        const day = await practice.day(office, date, options);
        const appointments = day.appointments.filter((appointment) => !appointment.cancelled).length;
        await record(office.officeId, () => status.success({ ...base, at: now().toISOString(), day: date, appointments }));
        return day;
      } catch (error) {
        await record(office.officeId, () => status.failure({ ...base, at: now().toISOString(), error: readErrorText(error) }));
        throw error;
      }
    },
    writeBack: (office, target, entries, options) => practice.writeBack(office, target, entries, options),
  };
}

/** The adapters, each recording its reads of a day. */
export function withReadStatus(adapters: PracticeAdapters, deps: ReadStatusDeps): PracticeAdapters {
  return {
    sandbox: recording(adapters.sandbox, deps),
    ...(adapters.nexHealth === undefined ? {} : { nexHealth: recording(adapters.nexHealth, deps) }),
  };
}
