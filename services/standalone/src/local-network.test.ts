import { isLoopbackHost } from './local-network';

describe('isLoopbackHost (the development provider hands out test tokens only there)', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1'])('%s is this machine only', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '10.0.0.5', '192.168.1.20', 'demo.example.com', '127.0.0.1.nip.io'])('%s is reachable from elsewhere', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
