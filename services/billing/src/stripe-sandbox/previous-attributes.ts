/**
 * An update event's `data.previous_attributes`: the old values of the fields that changed, nested hashes reduced to
 * their changed keys (`{ invoice_settings: { default_payment_method: null } }`), as Stripe reports them. Pure.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(now)) {
    const was = old[key];
    const is = now[key];
    if (same(was, is)) continue;
    if (isPlainObject(was) && isPlainObject(is) && key !== 'metadata' && key !== 'items') {
      changed[key] = previousAttributes(was, is);
    } else {
      changed[key] = was ?? null;
    }
  }
  return changed;
}
