/** A fetch Response carrying JSON, as the gateway answers, for the fake gateways of component tests. */
export function jsonReply(value: unknown, status = 200): Response {
  const text = value === undefined ? '' : JSON.stringify(value);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: () => Promise.resolve(text),
    blob: () => Promise.resolve(new Blob([text])),
  } as unknown as Response;
}
