/**
 * The offices service's flag management as a fake gateway for the page's tests: GET /api/management/features and
 * PUT /api/management/features/{name}, with the service's type checks (400 naming value), calls recorded.
 * Anything else goes to the shared gateway.
 */
import { FEATURE_FLAGS, type FeatureFlag, flagValue } from '@dv/contracts';
import { type FetchFn } from '../../http/http-client';
import { jsonReply } from '../../test-support/json-reply';
import { fakeGateway } from '../../test-support/render-app';

/** Every flag of SPEC section 9 as the service starts them, a few with values. */
export function seededFlags(): FeatureFlag[] {
  return Object.values(FEATURE_FLAGS).map(({ name, type }) => {
    if (name === FEATURE_FLAGS.DOMAIN_ENV_MAP.name) return { name, type, value: { 'demo.localhost': 'development' }, isActive: true };
    if (name === FEATURE_FLAGS.USER_GUIDE_PDF.name) return { name, type, value: '/user-guide.pdf', isActive: true };
    return { name, type, value: flagValue(type, null), isActive: false };
  });
}

type Call = { method: string; path: string; body: unknown };

function refused(message: string) {
  return jsonReply({ statusCode: 400, error: 'Bad Request', message: 'Invalid request', details: [{ location: 'body', path: 'value', message }] }, 400);
}

/** The service's check of a value against the flag's type (features.service.ts), enough for the page. */
function typeProblem(flag: FeatureFlag, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (flag.type === 'integer' && !(typeof value === 'number' && Number.isSafeInteger(value))) return 'Expected an integer';
  if (flag.type === 'string' && typeof value !== 'string') return 'Expected text for a string flag';
  if (flag.type === 'object' && (typeof value !== 'object' || Array.isArray(value))) return 'Expected an object';
  if (flag.type === 'none') return 'A flag of type none has no value; send null or leave it out';
  return null;
}

export function fakeFeaturesGateway(options: { flags?: FeatureFlag[]; refuse?: string; failList?: boolean } = {}) {
  const flags = options.flags ?? seededFlags();
  const calls: Call[] = [];
  const fetch: FetchFn = (url, init) => {
    const path = url.split('?')[0] ?? url;
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (path === '/api/management/features' && method === 'GET') {
      calls.push({ method, path, body });
      if (options.failList) return Promise.resolve(jsonReply({ statusCode: 503, message: 'Offices service unavailable' }, 503));
      return Promise.resolve(jsonReply(flags));
    }
    const named = /^\/api\/management\/features\/([^/]+)$/.exec(path);
    if (named && method === 'PUT') {
      calls.push({ method, path, body });
      const index = flags.findIndex((flag) => flag.name === decodeURIComponent(named[1] ?? ''));
      const current = flags[index];
      if (!current) return Promise.resolve(jsonReply({ statusCode: 404, message: 'Feature flag not found' }, 404));
      const patch = body as { value?: unknown; isActive?: boolean };
      const problem = options.refuse ?? typeProblem(current, patch.value);
      if (problem) return Promise.resolve(refused(problem));
      const next: FeatureFlag = {
        ...current,
        ...(patch.value === undefined ? {} : { value: flagValue(current.type, patch.value) }),
        ...(patch.isActive === undefined ? {} : { isActive: patch.isActive }),
      };
      flags[index] = next;
      return Promise.resolve(jsonReply(next));
    }
    return fakeGateway(url, init);
  };
  return {
    fetch,
    flags,
    calls,
    puts: (name: string) => calls.filter((call) => call.method === 'PUT' && call.path.endsWith(`/${name}`)).map((call) => call.body),
    lists: () => calls.filter((call) => call.method === 'GET').length,
  };
}
