import {
  DentalOfficeDetail,
  FeatureFlagPatch,
  GroupOfficeInput,
  ManagedOffice,
  ManagedUser,
  ManagementListQuery,
  NewOfficeInput,
  NewUserInput,
  OFFICES_EVENTS,
  OFFICES_TOPICS,
  OfficePatch,
  OfficeSettingsPatch,
  OrganizationSummary,
  UserPatch,
  pageOf,
} from './offices-admin';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.'));

describe('organization summary', () => {
  it('names the organization and its client type', () => {
    const summary = { id: 'org-demo', name: 'demo', clientType: 'dentalOffice' };
    expect(OrganizationSummary.parse(summary)).toEqual(summary);
    expect(OrganizationSummary.safeParse({ ...summary, clientType: 'hospital' }).success).toBe(false);
  });
});

describe('offices', () => {
  const office = {
    id: 'o1',
    orgId: 'org-a',
    name: 'Main St',
    groupId: null,
    planType: 'standard',
    integration: { subdomain: 'main' },
    settings: { id: 'o1', ableToFullfillForm: false, paymentType: 'auto' },
  };

  it('a managed office carries its settings; the detail its plan type and integration', () => {
    expect(ManagedOffice.parse(office)).toEqual(office);
    expect(DentalOfficeDetail.parse({ id: 'o1', name: 'Main St', planType: 'freemium', integration: null })).toEqual({
      id: 'o1',
      name: 'Main St',
      planType: 'freemium',
      integration: null,
    });
  });

  it('a settings patch keeps absent fields absent (no defaults) and refuses unknown or empty patches', () => {
    expect(OfficeSettingsPatch.parse({ outsource: { outsourceEnabled: true } })).toEqual({ outsource: { outsourceEnabled: true } });
    expect(paths(OfficeSettingsPatch.safeParse({}))).toEqual(['']);
    expect(paths(OfficeSettingsPatch.safeParse({ paymentType: 'cash' }))).toEqual(['paymentType']);
    expect(OfficeSettingsPatch.safeParse({ id: 'o2' }).error?.issues.map((issue) => issue.code)).toContain('unrecognized_keys');
  });

  it('integration data keys must be storable', () => {
    const result = OfficeSettingsPatch.safeParse({
      scheduleIntegration: { type: 'nexHealth', integration: { 'a.b': 1, nested: { $where: 1 } } },
    });
    expect(paths(result).sort()).toEqual(['scheduleIntegration.integration.a.b', 'scheduleIntegration.integration.nested.$where']);
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 20; level += 1) deep = { deeper: deep };
    expect(OfficeSettingsPatch.safeParse({ scheduleIntegration: { integration: deep } }).success).toBe(false);
  });

  it('a new office needs a name; a subdomain is a DNS label', () => {
    expect(NewOfficeInput.parse({ name: ' Oak Ave ' })).toEqual({ name: 'Oak Ave' });
    expect(paths(NewOfficeInput.safeParse({ name: '' }))).toEqual(['name']);
    expect(paths(NewOfficeInput.safeParse({ name: 'x', integration: { subdomain: 'not a label' } }))).toEqual([
      'integration.subdomain',
    ]);
    expect(paths(OfficePatch.safeParse({}))).toEqual(['']);
    expect(GroupOfficeInput.safeParse({ officeId: '' }).success).toBe(false);
  });
});

describe('users', () => {
  it('roles are known role names, as a list or keyed by office id', () => {
    expect(NewUserInput.parse({ email: 'a@b.test', name: 'A', roles: ['staff'] }).roles).toEqual(['staff']);
    expect(NewUserInput.parse({ email: 'a@b.test', name: 'A', roles: { o1: ['staffmanager'] } }).roles).toEqual({
      o1: ['staffmanager'],
    });
    expect(NewUserInput.safeParse({ email: 'a@b.test', name: 'A', roles: ['root'] }).success).toBe(false);
    expect(paths(NewUserInput.safeParse({ email: 'nope', name: 'A', roles: [] }))).toEqual(['email']);
    expect(paths(UserPatch.safeParse({}))).toEqual(['']);
  });

  it('a managed user has memberships and privileges', () => {
    const user = {
      id: 'u1',
      email: 'a@b.test',
      name: 'A',
      orgId: 'org-a',
      roles: ['admin'],
      allowedOfficeIds: [],
      groupIds: [],
      officeId: null,
      editGlobalCustomization: true,
      editGlobalCarriers: false,
    };
    expect(ManagedUser.parse(user)).toEqual(user);
  });
});

describe('feature flag patch, paging, events', () => {
  it('a patch names a value or isActive', () => {
    expect(FeatureFlagPatch.parse({ isActive: false })).toEqual({ isActive: false });
    expect(FeatureFlagPatch.parse({ value: null })).toEqual({ value: null });
    expect(FeatureFlagPatch.safeParse({}).success).toBe(false);
    expect(FeatureFlagPatch.safeParse({ value: [1] }).success).toBe(false);
  });

  it('list queries default to the first page of 20 and cap the page size', () => {
    expect(ManagementListQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(ManagementListQuery.parse({ page: '3', pageSize: '5', search: ' oak ' })).toEqual({ page: 3, pageSize: 5, search: 'oak' });
    expect(paths(ManagementListQuery.safeParse({ pageSize: '500' }))).toEqual(['pageSize']);
    expect(pageOf(GroupOfficeInput).parse({ items: [{ officeId: 'o1' }], total: 1, page: 1, pageSize: 20 }).total).toBe(1);
  });

  it('every event type names one of the service topics', () => {
    const topics: readonly string[] = Object.values(OFFICES_TOPICS);
    for (const { topic } of Object.values(OFFICES_EVENTS)) expect(topics).toContain(topic);
    expect(OFFICES_EVENTS['office.created'].topic).toBe('offices.office');
  });
});
