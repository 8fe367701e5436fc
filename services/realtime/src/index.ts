// @dv/realtime: Socket.IO server that authorizes sockets and forwards bus events to user, office and org rooms.

export { loadRealtimeConfig, RealtimeEnv, type RealtimeConfig } from './config';
export {
  realtimeService,
  startRealtime,
  type RealtimeOptions,
  type RealtimeParts,
  type RunningRealtime,
  type StartRealtimeOptions,
} from './app';
export { SOCKET_ERRORS, SOCKET_PATH } from './socket-server';
export { CONSUMER_GROUP } from './forwarding';
export { officeRoom, organizationRoom, roomsForAudience, roomsForClaims, userRoom } from './rooms';
