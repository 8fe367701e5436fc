/**
 * Which paths of a JSON document a correction changed: the dotted paths (validate.ts's format: keys as they are,
 * array indexes as numbers) of every value added, removed or replaced, deepest first where both sides are
 * objects or arrays. Pure; the audit keeps these paths, never the values.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Marks a value absent on one side: an added or removed key or array item. */
const MISSING = Symbol('missing');

const isObject = (value: unknown): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${String(key)}`;
}

/** Every path where `after` differs from `before`, in document order; '' when the whole value differs. */
export function changedPaths(before: unknown, after: unknown): string[] {
  const changed: string[] = [];
  // An explicit stack rather than recursion (children pushed last-first, so paths come out in document order).
  const pending: { path: string; before: unknown; after: unknown }[] = [{ path: '', before, after }];
  while (pending.length > 0) {
    const { path, before: a, after: b } = pending.pop()!;
    const children: { path: string; before: unknown; after: unknown }[] = [];
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
        children.push({ path: join(path, index), before: index < a.length ? a[index] : MISSING, after: index < b.length ? b[index] : MISSING });
      }
    } else if (isObject(a) && isObject(b)) {
      // The corrected document's order first: the order the corrector sees in the editor.
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
        const own = (value: Record<string, Json>) => (Object.prototype.hasOwnProperty.call(value, key) ? value[key] : MISSING);
        children.push({ path: join(path, key), before: own(a), after: own(b) });
      }
    } else if (a === MISSING || b === MISSING || !Object.is(a, b)) {
      changed.push(path);
    }
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index]!;
      // An added or removed value is one change at its own path, however much it holds.
      if (child.before === MISSING || child.after === MISSING) pending.push({ ...child, before: MISSING, after: null });
      else pending.push(child);
    }
  }
  return changed;
}
