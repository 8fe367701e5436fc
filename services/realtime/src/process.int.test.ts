/**
 * The realtime service's own main.ts in a child process, as a container runs it: the identity provider's keys found
 * from OIDC_ISSUER alone (discovery), a socket that authorizes with an access token, then SIGTERM: the open socket is
 * disconnected and the process exits 0.
 */
import path from 'node:path';
import { SOCKET_EVENTS } from '@dv/contracts';
import { startServiceUnderTest, waitFor } from '@dv/kit/testing';
import { connectClient, type TestClient } from './testing/test-client';

const AUDIENCE = 'realtime-api';

it('starts with OIDC_ISSUER alone, authorizes a socket, and stops on SIGTERM with the socket open', async () => {
  // It keeps no documents: no DATA_DIR.
  const { issuer, service, stop, dispose } = await startServiceUnderTest(path.join(__dirname, 'main.ts'), {
    audience: AUDIENCE,
    dataDir: false,
  });
  let client: TestClient | undefined;
  try {
    expect(await (await fetch(`${service.url}/readyz`)).json()).toEqual({ status: 'ready', checks: { bus: 'ok' } });
    client = await connectClient(service.url);
    await client.authorize(await issuer.sign({ sub: 'u-staff', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a1'] }));
    expect(client.named(SOCKET_EVENTS.authorizationCompleted)).toEqual([{ userId: 'u-staff' }]);

    expect(await stop('SIGTERM')).toEqual({ code: 0, signal: null, errorLines: [] });
    await waitFor(() => client?.disconnectReason !== undefined, 'the socket to be disconnected');
  } finally {
    client?.close();
    await dispose();
  }
});
