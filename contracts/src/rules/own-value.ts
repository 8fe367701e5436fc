/**
 * A plain object used as a lookup table also answers to the names of Object.prototype's members: `table['constructor']`
 * is Object, `table['__proto__']` is Object.prototype. A key that comes from outside (a request, a 271, a portal's
 * text, a practice management system, a file) is looked up with `ownValue`, so such a name finds nothing, as any
 * other unknown key does.
 */
export function ownValue<T extends object>(table: T, key: string): T[keyof T] | undefined {
  return Object.hasOwn(table, key) ? table[key as keyof T] : undefined;
}
