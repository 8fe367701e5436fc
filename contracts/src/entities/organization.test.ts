import { Organization, OrganizationLookupInput, OrganizationName } from './organization';

function messages(input: unknown): string[] {
  const result = OrganizationName.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('organization', () => {
  it('has an id', () => {
    expect(Organization.parse({ id: 'org-1' })).toEqual({ id: 'org-1' });
  });

  it('name: not empty, then at least 3 characters', () => {
    expect(messages('')).toEqual(['Fill organization name first!']);
    expect(messages('   ')).toEqual(['Fill organization name first!']);
    expect(messages(undefined)).toEqual(['Fill organization name first!']);
    expect(messages('ab')).toEqual(['Organization name is too short!']);
    expect(messages(' ab ')).toEqual(['Organization name is too short!']);
    expect(messages('abc')).toEqual([]);
  });

  it('is looked up by domain or by name', () => {
    expect(OrganizationLookupInput.parse({ organizationDomain: 'smiles.example.com' })).toEqual({
      organizationDomain: 'smiles.example.com',
    });
    expect(OrganizationLookupInput.parse({ organizationName: ' Smiles ' })).toEqual({ organizationName: 'Smiles' });
    expect(OrganizationLookupInput.safeParse({}).success).toBe(false);
    expect(OrganizationLookupInput.safeParse({ organizationName: 'ab' }).success).toBe(false);
  });
});
