import { pagePathOf } from './page-path';

describe('the page a report came from', () => {
  it.each([
    ['https://demo.example.com/verification/42?tab=2#notes', '/verification/42?tab=2'],
    ['http://localhost:8080/plan', '/plan'],
    ['https://evil.test/management/bugs?x=1', '/management/bugs?x=1'],
    ['/schedule/2024-05-01', '/schedule/2024-05-01'],
    ['  /plan?q=a b  ', '/plan?q=a%20b'],
    ['/a/../b', '/b'],
    ['https://user:secret@host.test/x', '/x'],
  ])('%s is kept as %s', (reported, kept) => {
    expect(pagePathOf(reported)).toBe(kept);
  });

  it.each(['', 'plan', 'javascript:alert(1)', 'data:text/html,<b>', '//evil.test/x', '/\\evil.test/x', 'ftp://host/x', 'http://'])(
    '%j is not a page address',
    (reported) => {
      expect(pagePathOf(reported)).toBeNull();
    },
  );
});
