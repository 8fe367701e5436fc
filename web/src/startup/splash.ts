/**
 * The static splash in index.html covers the page until the app has started; it is removed when start-up leaves
 * its loading state, and at the latest SPLASH_REMOVAL_FALLBACK_MS after the first render.
 */
import { SPLASH_REMOVAL_FALLBACK_MS } from '@dv/contracts';

export const SPLASH_ELEMENT_ID = 'splash';

export function removeSplash(doc: Document = document): void {
  doc.getElementById(SPLASH_ELEMENT_ID)?.remove();
}

/** Call once after the first render; returns the cancel function. */
export function scheduleSplashFallback(doc: Document = document): () => void {
  const timer = setTimeout(() => removeSplash(doc), SPLASH_REMOVAL_FALLBACK_MS);
  return () => clearTimeout(timer);
}
