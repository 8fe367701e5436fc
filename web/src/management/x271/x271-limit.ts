/**
 * The longest 271 the preview takes (contracts X271_PREVIEW_MAX_CHARS), read from x271-schemas.ts once the page has
 * shown: importing the constant itself would put the document schemas it sits beside into the page's chunk, over
 * the page's JavaScript budget. The box shows the limit a moment after the page; a check waits for it.
 */
import { useEffect, useState } from 'react';

const schemas = () => import('./x271-schemas');

export async function previewLimit(): Promise<number> {
  return (await schemas()).X271_PREVIEW_MAX_CHARS;
}

/** The limit, or null until its module has loaded. */
export function usePreviewLimit(): number | null {
  const [limit, setLimit] = useState<number | null>(null);
  useEffect(() => {
    let mounted = true;
    void previewLimit().then((max) => {
      if (mounted) setLimit(max);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return limit;
}
