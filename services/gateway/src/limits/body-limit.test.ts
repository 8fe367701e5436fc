import { bodyLimitResolver, formatBytes } from './body-limit';

describe('body limits', () => {
  const limitFor = bodyLimitResolver(1_048_576, [{ method: 'PUT', path: '/api/bugReports', maxBytes: 7_340_032 }]);

  it('applies the override to its route only (method and path, any query or trailing slash)', () => {
    expect(limitFor('PUT', '/api/bugReports')).toBe(7_340_032);
    expect(limitFor('put', '/api/bugReports/?x=1')).toBe(7_340_032);
    expect(limitFor('POST', '/api/portals/p1/credentials')).toBe(1_048_576);
    expect(limitFor('GET', '/api/bugReports')).toBe(1_048_576);
    expect(limitFor('POST', '/not/an/api/route')).toBe(1_048_576);
  });

  it('refuses an override for a route the table does not have', () => {
    expect(() => bodyLimitResolver(1, [{ method: 'POST', path: '/api/bugReports', maxBytes: 2 }])).toThrow(/no such route/);
  });

  it('formats limits for the 413 message', () => {
    expect(formatBytes(1_048_576)).toBe('1 MB');
    expect(formatBytes(7_340_032)).toBe('7 MB');
    expect(formatBytes(5_505_024)).toBe('5.3 MB');
    expect(formatBytes(65_536)).toBe('64 KB');
    expect(formatBytes(500)).toBe('500 bytes');
  });
});
