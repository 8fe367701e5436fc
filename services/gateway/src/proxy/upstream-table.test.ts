import { API_ROUTES, type ApiRoute } from '@dv/contracts';
import { UPSTREAM_ROUTES, UPSTREAM_URL_VARIABLES, upstreamRoutesOf } from './upstream-table';

const byPrefix = (a: { prefix: string }, b: { prefix: string }) => a.prefix.localeCompare(b.prefix);
const route = (path: string, service: ApiRoute['service']): ApiRoute => ({ method: 'GET', path, access: 'public', service });

describe('upstream table derived from API_ROUTES', () => {
  it('is, for the route table of today, the prefixes each service answers and the socket', () => {
    expect([...UPSTREAM_ROUTES].sort(byPrefix)).toEqual(
      [
        { prefix: '/api/features', service: 'offices' },
        { prefix: '/api/auth', service: 'offices' },
        { prefix: '/api/dentaloffice', service: 'offices' },
        { prefix: '/api/management/offices', service: 'offices' },
        { prefix: '/api/management/groups', service: 'offices' },
        { prefix: '/api/management/users', service: 'offices' },
        { prefix: '/api/management/features', service: 'offices' },
        { prefix: '/api/portals', service: 'portals' },
        { prefix: '/api/reverifications', service: 'verifications' },
        { prefix: '/api/schedule', service: 'schedule' },
        { prefix: '/api/management/portals', service: 'portals' },
        { prefix: '/api/bugReports', service: 'bugs' },
        { prefix: '/api/management/bugs', service: 'bugs' },
        { prefix: '/api/stripe', service: 'billing' },
        { prefix: '/api/verifications', service: 'verifications' },
        { prefix: '/api/plans', service: 'verifications' },
        { prefix: '/api/carriers', service: 'verifications' },
        { prefix: '/api/management/x271', service: 'verifications' },
        { prefix: '/api/management/verifications', service: 'verifications' },
        { prefix: '/api/management/requesters', service: 'verifications' },
        { prefix: '/api/management/stats', service: 'verifications' },
        { prefix: '/api/management/carriers', service: 'verifications' },
        // Issue 18 item 8: a practice's registration; a ticket's data correction.
        { prefix: '/api/registration', service: 'offices' },
        { prefix: '/api/correction', service: 'verifications' },
        // Verification forms (issue 18): templates, rules and the customizations.
        { prefix: '/api/customization', service: 'verifications' },
        { prefix: '/api/management/customization', service: 'verifications' },
        { prefix: '/api/management/form-rules', service: 'verifications' },
        { prefix: '/api/management/form-templates', service: 'verifications' },
        { prefix: '/api/management/integrations', service: 'schedule' },
        { prefix: '/socket.io', service: 'realtime', websocket: true },
      ].sort(byPrefix),
    );
  });

  it.each(API_ROUTES.map((entry) => [entry.method, entry.path, entry] as const))(
    '%s %s goes to the service its entry names',
    (_method, _path, entry) => {
      const under = UPSTREAM_ROUTES.filter(({ prefix }) => entry.path === prefix || entry.path.startsWith(`${prefix}/`));
      expect(under.map(({ service }) => service)).toEqual([entry.service]);
    },
  );

  it('takes the shortest prefix that no other service shares, stopping before a parameter', () => {
    const table = upstreamRoutesOf([
      route('/api/things', 'offices'),
      route('/api/things/{id}/parts', 'offices'),
      route('/api/admin/things/{id}', 'offices'),
      route('/api/admin/bugs', 'bugs'),
    ]);
    expect(table.filter((entry) => !entry.websocket)).toEqual([
      { prefix: '/api/things', service: 'offices' },
      { prefix: '/api/admin/things', service: 'offices' },
      { prefix: '/api/admin/bugs', service: 'bugs' },
    ]);
  });

  it('refuses a table whose services no prefix tells apart', () => {
    expect(() => upstreamRoutesOf([route('/api/things', 'offices'), route('/api/things/special', 'bugs')])).toThrow(
      'GET /api/things (offices): no path prefix tells its service from another\'s',
    );
    // A parameter may stand for the other service's literal segment.
    expect(() => upstreamRoutesOf([route('/api/admin/{kind}', 'offices'), route('/api/admin/bugs', 'bugs')])).toThrow(
      /GET \/api\/admin\/\{kind\} \(offices\)/,
    );
  });

  it('reads each base URL from <SERVICE>_URL', () => {
    expect(UPSTREAM_URL_VARIABLES).toEqual({
      offices: 'OFFICES_URL',
      portals: 'PORTALS_URL',
      bugs: 'BUGS_URL',
      billing: 'BILLING_URL',
      verifications: 'VERIFICATIONS_URL',
      realtime: 'REALTIME_URL',
      schedule: 'SCHEDULE_URL',
    });
  });
});
