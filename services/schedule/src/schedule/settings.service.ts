/**
 * The office's schedule settings (freshness, nightly run, concurrency, treatment plan mode) and fee schedule. Read
 * by the schedule's users, changed by its managers (contracts SCHEDULE_SETTINGS_ROLES, checked by the routes).
 * An office that saved no fee schedule has the demo one (practice/sandbox/sandbox-fees.ts).
 */
import { type FeeSchedule, type ScheduleSettings } from '@dv/contracts';
import { invalidField, type Actor, type Store } from '@dv/kit';
import { DEMO_FEES } from '../practice/sandbox/sandbox-fees';
import { officeContextFor, type PracticeAdapters, type ProfileReader } from './office-context';
import { settingsOf } from './schedule-day.service';
import { type ScheduleStore } from './schedule.store';

export interface SettingsDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly schedule: ScheduleStore;
  readonly profiles: ProfileReader;
  readonly adapters: PracticeAdapters;
  readonly now: () => Date;
}

/** Fee schedule keys as codes are written in the schedule: D followed by 4 digits. */
const bare = (code: string): string => code.replace(/^ADA:/, '');

export function settingsService({ store, schedule, profiles, adapters, now }: SettingsDeps) {
  /** Like every schedule call: the header's office, of the user's organization, with the Appointment Schedule. */
  const officeOf = async (actor: Actor) => (await officeContextFor(actor, profiles, adapters)).scope;
  return {
    async settings(actor: Actor): Promise<ScheduleSettings> {
      return settingsOf(schedule, (await officeOf(actor)).officeId);
    },
    async saveSettings(actor: Actor, settings: ScheduleSettings): Promise<ScheduleSettings> {
      const { orgId, officeId } = await officeOf(actor);
      if (!Intl.supportedValuesOf('timeZone').includes(settings.timeZone) && settings.timeZone !== 'UTC') {
        throw invalidField('timeZone', 'Use a time zone like America/New_York');
      }
      await store.transaction(async (tx) => {
        const current = await schedule.settingsOf(officeId, tx);
        await schedule.saveSettings(tx, { _id: officeId, orgId, settings, ...(current?.lastNightlyFor === undefined ? {} : { lastNightlyFor: current.lastNightlyFor }) });
      });
      return settings;
    },
    async fees(actor: Actor): Promise<FeeSchedule> {
      const stored = await schedule.feesOf((await officeOf(actor)).officeId);
      return { fees: stored?.fees ?? { ...DEMO_FEES } };
    },
    async saveFees(actor: Actor, input: FeeSchedule): Promise<FeeSchedule> {
      const { orgId, officeId } = await officeOf(actor);
      const fees = Object.fromEntries(Object.entries(input.fees).map(([code, fee]) => [bare(code), Math.round(fee * 100) / 100]));
      await store.transaction((tx) => schedule.saveFees(tx, { _id: officeId, orgId, fees, updatedAt: now().toISOString() }));
      return { fees };
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
