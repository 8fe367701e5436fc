// What the benchmarks that verify on the sandbox share: an office set up as a configured office is, with a portal
// login for every portal that serves a sandbox carrier (added through the portals API as its manager would add
// them), so that portal sources run instead of waiting for a credential.

/** Polls `condition` (after `poll`, when given) until it holds; throws after `timeoutMs`. */
async function waitUntil(condition, timeoutMs, poll) {
  const deadline = Date.now() + timeoutMs;
  if (poll) await poll();
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (poll) await poll();
  }
}

/** The office's manager (`token`) logs in to every sandbox portal, and this waits until each login is valid. */
async function addPortalCredentials({ portalsUrl, token, officeId }) {
  const { PAYER_PORTALS } = require('@dv/contracts');
  const headers = { authorization: `Bearer ${token}`, 'connected-dental-office': officeId, 'content-type': 'application/json' };
  for (const portalId of new Set(PAYER_PORTALS.map((entry) => entry.portalId))) {
    const response = await fetch(`${portalsUrl}/api/portals/${portalId}/credentials/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'bench-frontdesk', password: 'sandbox-password' }),
    });
    if (response.status !== 201) throw new Error(`adding the ${portalId} credential answered ${response.status}: ${await response.text()}`);
  }
  let valid = false;
  await waitUntil(() => valid, 30_000, async () => {
    const list = await (await fetch(`${portalsUrl}/api/portals/credentials`, { headers })).json();
    valid = list.every((credential) => [credential.dentalXChange, credential.portalAi].every((provider) => !provider || provider.status === 'valid'));
  });
}

module.exports = { addPortalCredentials, waitUntil };
