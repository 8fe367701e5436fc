/** Starts the gateway in this process (standalone runner, benchmarks, end-to-end tests): listen, and a close(). */
import type { AddressInfo } from 'node:net';
import type { Server } from '@dv/kit';
import { buildGateway, type GatewayDeps } from './app';

export type StartGatewayOptions = GatewayDeps;

export interface RunningGateway {
  /** Where this process reaches it: http://127.0.0.1:<port> for a loopback or wildcard host. */
  readonly url: string;
  readonly port: number;
  readonly app: Server;
  /** Stops accepting connections, lets requests in flight finish, closes the upstream connections. */
  close(): Promise<void>;
}

function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startGateway(options: StartGatewayOptions): Promise<RunningGateway> {
  const app = await buildGateway(options);
  try {
    await app.listen({ port: options.config.port, host: options.config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://${reachableHost(options.config.host)}:${port}`,
    port,
    app,
    close: () => app.close(),
  };
}
