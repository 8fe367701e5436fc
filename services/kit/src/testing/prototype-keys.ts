/**
 * Whether a JSON value has a `__proto__` or `constructor` key at any depth. Every service's JSON parser refuses
 * such a body as a whole (400, prototype poisoning) before its schema sees it, and fast-check's string and
 * dictionary arbitraries draw these keys on purpose: a property about something else leaves such values out.
 */
export function hasPrototypeKey(value: unknown): boolean {
  return /"(?:__proto__|constructor)":/.test(JSON.stringify(value) ?? '');
}
