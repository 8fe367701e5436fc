/** Path patterns shared by the page and API route tables: `{name}` stands for exactly one path segment. */

/** The path alone: no query, no fragment, no trailing slash (except the root). */
export function pathOnly(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isPattern(path: string): boolean {
  return path.includes('{');
}

/** '/plan/{id}' -> /^\/plan\/[^/]+$/; every other character is literal. */
export function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * A matcher over entries with a `path` pattern: literal paths are tried before patterns, so a literal such as
 * /payment/setup never reads as a parameter.
 */
export function literalFirst<T extends { path: string }>(entries: readonly T[]): { entry: T; regex: RegExp }[] {
  const literals = entries.filter((entry) => !isPattern(entry.path));
  const patterns = entries.filter((entry) => isPattern(entry.path));
  return [...literals, ...patterns].map((entry) => ({ entry, regex: patternToRegExp(entry.path) }));
}
