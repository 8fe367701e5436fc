/**
 * The realtime service's sockets as Prometheus gauges (GET /metrics), read from Socket.IO when scraped: the
 * sockets connected to this process, and those of them that authorized. With the Redis adapter each process
 * counts its own; the sum over processes is the deployment's.
 */
import { Gauge, type MetricsRegistry } from '@dv/kit';
import type { Server as SocketServer } from 'socket.io';
import { AUTHORIZED_ROOM } from './socket-server';

export function measureSockets(registry: MetricsRegistry, io: SocketServer): void {
  new Gauge({
    name: 'realtime_sockets',
    help: 'Sockets connected to this process, by state (connected: all of them; authorized: those that sent a valid token)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const sockets = io.of('/');
      this.set({ state: 'connected' }, sockets.sockets.size);
      this.set({ state: 'authorized' }, sockets.adapter.rooms.get(AUTHORIZED_ROOM)?.size ?? 0);
    },
  });
}
