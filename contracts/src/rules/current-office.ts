/** Which office the user acts for (SPEC section 6). */

export type CurrentOfficeSources = {
  /** The office stored in this tab's session storage. */
  sessionValue?: string | null;
  /** The office the user chose last time (local storage). */
  savedPreference?: string | null;
  /** Offices the session allows, in the token's order. */
  allowedOfficeIds: readonly string[];
};

/**
 * Session storage first, then the saved preference, then the first allowed office. A stored value that is not an
 * allowed office (stale, or from another user) is ignored. Null when the user has no office.
 */
export function chooseCurrentOffice({
  sessionValue,
  savedPreference,
  allowedOfficeIds,
}: CurrentOfficeSources): string | null {
  const allowed = (value: string | null | undefined): value is string => !!value && allowedOfficeIds.includes(value);
  if (allowed(sessionValue)) return sessionValue;
  if (allowed(savedPreference)) return savedPreference;
  return allowedOfficeIds[0] ?? null;
}
