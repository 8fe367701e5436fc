/**
 * A developer switch for a component (the schedule page's 'Schedule test'): off anywhere but the development host,
 * and followed while the page is open, whether the drawer of this tab changed it or another tab did (the storage
 * event).
 */
import { useSyncExternalStore } from 'react';
import { DEV_SETTING_CHANGE_EVENT, type DevSettingKey, readDevSetting } from './dev-settings';

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener(DEV_SETTING_CHANGE_EVENT, onChange);
  globalThis.addEventListener('storage', onChange);
  return () => {
    globalThis.removeEventListener(DEV_SETTING_CHANGE_EVENT, onChange);
    globalThis.removeEventListener('storage', onChange);
  };
}

export function useDevSetting(key: DevSettingKey): boolean {
  return useSyncExternalStore(subscribe, () => readDevSetting(key), () => false);
}
