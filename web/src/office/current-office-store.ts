/**
 * The current office (SPEC section 6): this tab's session storage first, then the saved preference in local
 * storage, then the first allowed office (chooseCurrentOffice). Choosing an office writes both.
 */
import { chooseCurrentOffice, STORAGE_KEYS } from '@dv/contracts';
import { readStored, writeStored } from '../platform/browser-storage';

export function initialCurrentOffice(allowedOfficeIds: readonly string[]): string | null {
  return chooseCurrentOffice({
    sessionValue: readStored('session', STORAGE_KEYS.currentOffice),
    savedPreference: readStored('local', STORAGE_KEYS.currentOffice),
    allowedOfficeIds,
  });
}

/** Keeps this tab on the office without changing the preference other tabs start with. */
export function rememberForTab(officeId: string): void {
  writeStored('session', STORAGE_KEYS.currentOffice, officeId);
}

export function saveCurrentOffice(officeId: string): void {
  writeStored('session', STORAGE_KEYS.currentOffice, officeId);
  writeStored('local', STORAGE_KEYS.currentOffice, officeId);
}
