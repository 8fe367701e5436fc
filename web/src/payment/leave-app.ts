/**
 * Leaves the app for the payment provider's own page (Stripe Checkout, its card set-up page, or the local
 * sandbox's checkout page in development): a full page load, never the router. The card is typed there, never on
 * our pages. Only an http(s) address is followed: a reply that named a `javascript:` address would run in the app.
 */
export function isExternalPageAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Goes to the page; false (and nothing happens) when the address is not one to follow. */
export function leaveAppFor(url: string): boolean {
  if (!isExternalPageAddress(url)) return false;
  globalThis.location.assign(url);
  return true;
}
