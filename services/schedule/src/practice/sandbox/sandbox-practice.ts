/**
 * The sandbox practice-management system: the embedded default (no practice-management system is reachable
 * here), for every office without a configured integration. Its days come from sandbox-day.ts; what is written
 * back is kept in the store, as a practice-management system would keep it.
 */
import { type Store } from '@dv/kit';
import { type PracticeManagement } from '../practice-management';
import { sandboxDay } from './sandbox-day';

export const SANDBOX_WRITE_BACKS_COLLECTION = 'sandboxPracticeWrites';

export function sandboxPractice({ store, now }: { store: Pick<Store, 'collection'>; now: () => Date }): PracticeManagement {
  return {
    kind: 'sandbox',
    day(office, date) {
      return Promise.resolve(sandboxDay(office.officeId, date, office.pmsType ?? 'dentrix'));
    },
    async writeBack(office, target, entries) {
      await store.collection(SANDBOX_WRITE_BACKS_COLLECTION).insert({
        orgId: office.orgId,
        officeId: office.officeId,
        patientId: target.patientId,
        coverage: target.coverage,
        entries: entries.map((entry) => ({ field: entry.field, value: entry.value })),
        writtenAt: now().toISOString(),
      });
    },
  };
}
