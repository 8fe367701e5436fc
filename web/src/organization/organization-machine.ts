/**
 * The organization prompt (SPEC section 4, screen 1, section 5): checking_domain, then have_org_id when the host
 * names an organization, else provide_name; a submitted name goes through loading to have_org_id, or back to
 * provide_name with an error. Typing clears the error. Pure: the component runs the calls.
 */
import { type ClientType, type OrganizationPromptState, OrganizationName } from '@dv/contracts';

export type KnownOrganization = { id: string; clientType?: ClientType };

export type OrganizationPrompt =
  | { status: Extract<OrganizationPromptState, 'checking_domain'> }
  | { status: Extract<OrganizationPromptState, 'have_org_id'>; organization: KnownOrganization }
  | { status: Extract<OrganizationPromptState, 'provide_name'>; name: string; error?: string }
  | { status: Extract<OrganizationPromptState, 'loading'>; name: string };

export type OrganizationPromptEvent =
  | { type: 'domainResolved'; organization: KnownOrganization }
  | { type: 'domainUnresolved' }
  | { type: 'nameChanged'; name: string }
  | { type: 'submitted' }
  | { type: 'lookupSucceeded'; organization: KnownOrganization }
  | { type: 'lookupFailed'; error: string };

export const initialOrganizationPrompt: OrganizationPrompt = { status: 'checking_domain' };

/** The first validation message for a typed name, or undefined when it may be looked up. */
export function organizationNameError(name: string): string | undefined {
  const parsed = OrganizationName.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export function organizationPromptReducer(
  state: OrganizationPrompt,
  event: OrganizationPromptEvent,
): OrganizationPrompt {
  switch (event.type) {
    case 'domainResolved':
      return state.status === 'checking_domain' ? { status: 'have_org_id', organization: event.organization } : state;
    case 'domainUnresolved':
      return state.status === 'checking_domain' ? { status: 'provide_name', name: '' } : state;
    case 'nameChanged':
      return state.status === 'provide_name' ? { status: 'provide_name', name: event.name } : state;
    case 'submitted': {
      if (state.status !== 'provide_name') return state;
      const error = organizationNameError(state.name);
      return error === undefined ? { status: 'loading', name: state.name.trim() } : { ...state, error };
    }
    case 'lookupSucceeded':
      return state.status === 'loading' ? { status: 'have_org_id', organization: event.organization } : state;
    case 'lookupFailed':
      return state.status === 'loading' ? { status: 'provide_name', name: state.name, error: event.error } : state;
  }
}
