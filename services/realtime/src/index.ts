// @dv/realtime: Socket.IO server that authorizes sockets and forwards bus events to user, office and org rooms.

export { loadRealtimeConfig, RealtimeEnv, type LogLevel, type RealtimeConfig } from './config';
export { startRealtime, type RunningRealtime, type StartRealtimeOptions } from './service';
export { SOCKET_ERRORS, SOCKET_PATH } from './socket-server';
export { CONSUMER_GROUP } from './forwarding';
export { officeRoom, organizationRoom, roomsForAudience, roomsForClaims, userRoom } from './rooms';
