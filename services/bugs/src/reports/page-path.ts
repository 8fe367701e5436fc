/**
 * The page a report was sent from, as stored: its path and query only. The SPA reports its full address, but
 * the origin is not the client's to choose (a report must not carry a link to a foreign site into the
 * management pages), and the organization's own host is known anyway. The fragment is dropped: the SPA
 * routes by path.
 */
const PLACEHOLDER_ORIGIN = 'http://page.invalid';

/** '/plan/1?tab=2' for 'https://any.host/plan/1?tab=2#x' or '/plan/1?tab=2'; null for anything else. */
export function pagePathOf(reported: string): string | null {
  const url = reported.trim();
  let parsed: URL;
  try {
    // A path, but not '//host/...' nor '/\host' (both mean another host to a browser).
    if (url.startsWith('/') && !/^\/[/\\]/.test(url)) {
      parsed = new URL(url, PLACEHOLDER_ORIGIN);
      if (parsed.origin !== PLACEHOLDER_ORIGIN) return null;
    } else {
      parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    }
  } catch {
    return null;
  }
  return `${parsed.pathname}${parsed.search}`;
}
