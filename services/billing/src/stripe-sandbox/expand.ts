/**
 * Stripe's `expand[]`: dotted paths whose id fields are swapped for the objects they name (`data.product` on a
 * list, `items.data.price.product`, `discounts.source.coupon`), lists and arrays walked through. Works on a copy;
 * at most 4 levels, as Stripe allows. Pure over the given resolver.
 */
import { invalidParam } from './errors';

/** The object an id names, as a fresh copy; undefined when the id names nothing. */
export type Resolver = (id: string) => object | undefined;

const MAX_LEVELS = 4;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cannotExpand(path: string): never {
  throw invalidParam('expand', `This property cannot be expanded (${path}).`);
}

function descend(child: unknown, rest: readonly string[], path: string, resolve: Resolver): unknown {
  if (Array.isArray(child)) return child.map((item) => descend(item, rest, path, resolve));
  let value = child;
  if (typeof child === 'string') {
    value = resolve(child);
    if (value === undefined) cannotExpand(path);
  }
  return rest.length === 0 ? value : expandAt(value, rest, path, resolve);
}

function expandAt(node: unknown, segments: readonly string[], path: string, resolve: Resolver): unknown {
  if (Array.isArray(node)) return node.map((item) => expandAt(item, segments, path, resolve));
  const [head, ...rest] = segments;
  if (head === undefined || !isRecord(node)) return node;
  if (!Object.hasOwn(node, head)) cannotExpand(path);
  if (node[head] === null) return node;
  node[head] = descend(node[head], rest, path, resolve);
  return node;
}

export function expand<T>(value: T, paths: readonly string[], resolve: Resolver): T {
  if (paths.length === 0) return value;
  const copy = structuredClone(value);
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > MAX_LEVELS) {
      throw invalidParam('expand', `You cannot expand more than ${MAX_LEVELS} levels of a property (${path}).`);
    }
    if (segments.some((segment) => segment === '')) cannotExpand(path);
    expandAt(copy, segments, path, resolve);
  }
  return copy;
}
