/**
 * Spreads the realtime sockets the gateway proxies over the realtime processes: each new TCP connection goes to
 * the next process in turn, and to the one after when a process does not accept (it died), so a client that
 * reconnects lands on a live one. The sockets are session-free (WebSocket transport, rooms shared through the
 * Redis adapter), so any process serves any client and no connection needs to stick.
 */
import net from 'node:net';

export interface RealtimeBalancer {
  /** http://127.0.0.1:<port>: the gateway's REALTIME_URL. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startRealtimeBalancer(targets: readonly { host: string; port: number }[]): Promise<RealtimeBalancer> {
  let next = 0;
  const open = new Set<net.Socket>();

  function connect(client: net.Socket, triesLeft: number): void {
    const target = targets[next % targets.length];
    next += 1;
    if (!target) return void client.destroy();
    const upstream = net.connect(target);
    let connected = false;
    const onClientClose = () => upstream.destroy();
    upstream.once('connect', () => {
      connected = true;
      client.pipe(upstream).pipe(client);
      client.resume();
      upstream.once('close', () => client.destroy());
    });
    upstream.once('error', () => {
      if (connected) return; // 'close' follows and ends the client's socket
      // Refused: the process is gone; the next one may take the client.
      client.off('close', onClientClose);
      if (triesLeft > 1 && !client.destroyed) connect(client, triesLeft - 1);
      else client.destroy();
    });
    client.once('close', onClientClose);
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
  }

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    connect(client, targets.length);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
