/**
 * The procedure codes' plain-language labels (the CDT table, about 14 KB), loaded after the page shows: the
 * tables render the codes at once and their descriptions a moment later.
 */
import { useEffect, useState } from 'react';

type CodeLabel = (code: string) => string | undefined;

let loaded: CodeLabel | null = null;
const noLabel: CodeLabel = () => undefined;

export function useCodeLabel(): CodeLabel {
  const [label, setLabel] = useState<CodeLabel>(() => loaded ?? noLabel);
  useEffect(() => {
    if (loaded !== null) return;
    let mounted = true;
    void import('./ticket-schemas').then(({ codeLabel }) => {
      loaded = codeLabel;
      if (mounted) setLabel(() => codeLabel);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return label;
}

/** Loads the labels now (tests, and anything that wants them before the first render). */
export async function preloadCodeLabel(): Promise<void> {
  loaded ??= (await import('./ticket-schemas')).codeLabel;
}
