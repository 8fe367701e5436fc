/**
 * The developer tools drawer's switches (SPEC section 2, screen 4), kept in local storage under
 * LOCAL_SETTINGS_KEY_PREFIX. They exist only on the local development host (the Vite dev server on port 3000):
 * anywhere else every switch reads off, so nobody skips the maintenance lock by editing storage.
 */
import { DEVELOPMENT_HOST, LOCAL_SETTINGS_KEY_PREFIX } from '@dv/contracts';
import { readStored, writeStored } from '../platform/browser-storage';

export const DEV_HOST = DEVELOPMENT_HOST;

export const DEV_SETTINGS = [
  { key: 'showFormKeys', label: 'Show form keys' },
  { key: 'skipMaintenanceLock', label: 'Skip maintenance lock' },
  { key: 'showTokenRefreshLogs', label: 'Show token refresh logs' },
  { key: 'showPlanJson', label: 'Show plan as JSON in administrative mode' },
  { key: 'showMultiplePlans', label: 'Show multiple plans in the patient form' },
  { key: 'scheduleTest', label: 'Schedule test' },
] as const;

export type DevSettingKey = (typeof DEV_SETTINGS)[number]['key'];

export function isDevHost(host: string = globalThis.location?.host ?? ''): boolean {
  return host === DEV_HOST;
}

const storageKey = (key: DevSettingKey) => `${LOCAL_SETTINGS_KEY_PREFIX}${key}`;

export function readDevSetting(key: DevSettingKey, host?: string): boolean {
  return isDevHost(host) && readStored('local', storageKey(key)) === 'true';
}

/** The window event a switch's change sends, so that a page showing what it turns on follows it at once. */
export const DEV_SETTING_CHANGE_EVENT = 'dv-dev-setting-change';

export function writeDevSetting(key: DevSettingKey, on: boolean): void {
  writeStored('local', storageKey(key), on ? 'true' : 'false');
  globalThis.dispatchEvent?.(new CustomEvent(DEV_SETTING_CHANGE_EVENT, { detail: { key, on } }));
}
