import { MESSAGES } from '@dv/contracts';
import {
  initialOrganizationPrompt,
  type OrganizationPrompt,
  organizationPromptReducer as reduce,
} from './organization-machine';

const asking: OrganizationPrompt = { status: 'provide_name', name: '' };

describe('organization prompt state machine', () => {
  it('starts by checking the domain', () => {
    expect(initialOrganizationPrompt).toEqual({ status: 'checking_domain' });
  });

  it('has the organization when the host resolves', () => {
    expect(reduce(initialOrganizationPrompt, { type: 'domainResolved', organization: { id: 'org-demo' } })).toEqual({
      status: 'have_org_id',
      organization: { id: 'org-demo' },
    });
  });

  it('asks for a name when the host does not resolve', () => {
    expect(reduce(initialOrganizationPrompt, { type: 'domainUnresolved' })).toEqual(asking);
  });

  it("refuses an empty name with 'Fill organization name first!'", () => {
    expect(reduce(asking, { type: 'submitted' })).toEqual({ ...asking, error: MESSAGES.ORGANIZATION_NAME_EMPTY });
    const blank = reduce(asking, { type: 'nameChanged', name: '   ' });
    expect(reduce(blank, { type: 'submitted' })).toMatchObject({ error: 'Fill organization name first!' });
  });

  it("refuses a name under 3 characters with 'Organization name is too short!'", () => {
    const short = reduce(asking, { type: 'nameChanged', name: 'de' });
    expect(reduce(short, { type: 'submitted' })).toEqual({
      status: 'provide_name',
      name: 'de',
      error: 'Organization name is too short!',
    });
  });

  it('clears the error when typing', () => {
    const refused = reduce(asking, { type: 'submitted' });
    expect(reduce(refused, { type: 'nameChanged', name: 'd' })).toEqual({ status: 'provide_name', name: 'd' });
  });

  it('looks a valid name up (trimmed) and has the organization when found', () => {
    const typed = reduce(asking, { type: 'nameChanged', name: ' demo ' });
    const loading = reduce(typed, { type: 'submitted' });
    expect(loading).toEqual({ status: 'loading', name: 'demo' });
    expect(reduce(loading, { type: 'lookupSucceeded', organization: { id: 'org-demo' } })).toEqual({
      status: 'have_org_id',
      organization: { id: 'org-demo' },
    });
  });

  it('goes back to the prompt with the error when the lookup fails', () => {
    const loading: OrganizationPrompt = { status: 'loading', name: 'nobody' };
    expect(reduce(loading, { type: 'lookupFailed', error: 'not found' })).toEqual({
      status: 'provide_name',
      name: 'nobody',
      error: 'not found',
    });
  });

  it('ignores events that do not belong to the state', () => {
    const loading: OrganizationPrompt = { status: 'loading', name: 'demo' };
    expect(reduce(loading, { type: 'nameChanged', name: 'x' })).toBe(loading);
    expect(reduce(loading, { type: 'submitted' })).toBe(loading);
    expect(reduce(asking, { type: 'lookupSucceeded', organization: { id: 'x' } })).toBe(asking);
    expect(reduce(asking, { type: 'domainResolved', organization: { id: 'x' } })).toBe(asking);
  });
});
