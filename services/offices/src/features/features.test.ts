import { FEATURE_FLAG_NAMES, FEATURE_FLAGS, OFFICES_TOPICS, featureFlagValue, flagValue, type FeatureFlag } from '@dv/contracts';
import { createHarness, type Harness } from '../testing/harness';
import { storedFlagValue } from './features.service';

describe('storedFlagValue', () => {
  it('stores values of the flag type; null empties', () => {
    expect(storedFlagValue('integer', 30)).toBe(30);
    expect(storedFlagValue('string', '/guide.pdf')).toBe('/guide.pdf');
    expect(storedFlagValue('object', { 'a.b': 1 })).toBe('{"a.b":1}');
    expect(storedFlagValue('none', null)).toBeNull();
    expect(storedFlagValue('integer', null)).toBeNull();
  });

  it('refuses a value of another type with a 400 naming value', () => {
    for (const [type, value] of [
      ['integer', 1.5],
      ['integer', '30'],
      ['string', 3],
      ['object', 'text'],
      ['none', true],
    ] as const) {
      expect(() => storedFlagValue(type, value as never)).toThrow(expect.objectContaining({ statusCode: 400, details: [expect.objectContaining({ path: 'value' })] }));
    }
  });
});

describe('feature flags', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const publicFlags = async (): Promise<FeatureFlag[]> => {
    const response = await h.call('GET', '/api/features');
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('GET /api/features needs no token and lists every flag of the specification, in its order', async () => {
    const flags = await publicFlags();
    expect(flags.map((flag) => flag.name)).toEqual(FEATURE_FLAG_NAMES);
    for (const flag of flags) expect(Object.keys(flag).sort()).toEqual(['isActive', 'name', 'type', 'value']);
  });

  it('answers typed defaults: empty integer -1, empty object {}, none null', async () => {
    const flags = await publicFlags();
    const byName = (name: string) => flags.find((flag) => flag.name === name);
    expect(byName(FEATURE_FLAGS.MAXIMUM_FREEMIUM_USERS.name)).toEqual({ name: 'MAXIMUM_FREEMIUM_USERS', type: 'integer', value: -1, isActive: false });
    expect(byName(FEATURE_FLAGS.ADAPTERS_3RD_PARTY.name)).toEqual({ name: 'adapters-3rd-party', type: 'object', value: {}, isActive: false });
    expect(byName(FEATURE_FLAGS.MAINTANANCE_LOCK.name)).toEqual({ name: 'MAINTANANCE_LOCK', type: 'none', value: null, isActive: false });
    expect(byName(FEATURE_FLAGS.PAST_VERIFICATIONS_ENABLED.name)?.isActive).toBe(true);
    expect(byName(FEATURE_FLAGS.USER_GUIDE_PDF.name)).toMatchObject({ value: '/user-guide.pdf', isActive: true });
    expect(featureFlagValue(flags, 'DOMAIN_ENV_MAP')).toMatchObject({ 'demo.localhost': 'development' });
  });

  it('management list and update: super administrators only', async () => {
    for (const role of ['admin', 'agent', 'goduser', 'staffmanager', 'staff']) {
      const token = await h.tokenFor(role);
      expect((await h.call('GET', '/api/management/features', { token })).statusCode).toBe(403);
      const update = await h.call('PUT', '/api/management/features/MAINTANANCE_LOCK', { token, body: { isActive: true } });
      expect(update.statusCode).toBe(403);
    }
    expect((await publicFlags()).find((flag) => flag.name === 'MAINTANANCE_LOCK')?.isActive).toBe(false);
    const list = await h.call('GET', '/api/management/features', { token: await h.tokenFor('superadministrator') });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(FEATURE_FLAG_NAMES.length);
  });

  it('an update is checked against the flag type, stored, and published as feature-flag.updated', async () => {
    const token = await h.tokenFor('superadministrator');
    const events = await h.collect(OFFICES_TOPICS.featureFlag);

    const wrong = await h.call('PUT', '/api/management/features/ARCHIVISATION_DELAY', { token, body: { value: 'soon' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ details: [{ path: 'value', message: 'Expected an integer' }] });

    const update = await h.call('PUT', '/api/management/features/ARCHIVISATION_DELAY', { token, body: { value: 30, isActive: true } });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toEqual({ name: 'ARCHIVISATION_DELAY', type: 'integer', value: 30, isActive: true });
    const event = await events.waitFor('feature-flag.updated', 'ARCHIVISATION_DELAY');
    expect(event.payload).toEqual({ name: 'ARCHIVISATION_DELAY', type: 'integer', value: 30, isActive: true });
    expect((await publicFlags()).find((flag) => flag.name === 'ARCHIVISATION_DELAY')).toMatchObject({ value: 30, isActive: true });

    const map = { 'demo.localhost': 'development', 'app.verific.test': 'production' };
    const objectUpdate = await h.call('PUT', '/api/management/features/DOMAIN_ENV_MAP', { token, body: { value: map } });
    expect(objectUpdate.json()).toMatchObject({ value: map });
    const objectEvent = await events.waitFor('feature-flag.updated', 'DOMAIN_ENV_MAP');
    expect(flagValue('object', (objectEvent.payload as FeatureFlag).value)).toEqual(map);

    const emptied = await h.call('PUT', '/api/management/features/ARCHIVISATION_DELAY', { token, body: { value: null } });
    expect(emptied.json()).toMatchObject({ value: -1, isActive: true });
  });

  it('400 for an empty or unknown-field patch, 404 for an unknown flag', async () => {
    const token = await h.tokenFor('superadministrator');
    const empty = await h.call('PUT', '/api/management/features/MAINTANANCE_LOCK', { token, body: {} });
    expect(empty.statusCode).toBe(400);
    const extra = await h.call('PUT', '/api/management/features/MAINTANANCE_LOCK', { token, body: { isActive: true, type: 'string' } });
    expect(extra.statusCode).toBe(400);
    const wrongType = await h.call('PUT', '/api/management/features/MAINTANANCE_LOCK', { token, body: { isActive: 'yes' } });
    expect(wrongType.json()).toMatchObject({ statusCode: 400, details: [{ location: 'body', path: 'isActive' }] });
    const unknown = await h.call('PUT', '/api/management/features/NO_SUCH_FLAG', { token, body: { isActive: true } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Feature flag not found' });
  });
});
