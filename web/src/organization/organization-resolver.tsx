/**
 * Runs the organization prompt's state machine: asks the gateway whether the host names an organization, else
 * (and without a stored organization) shows screen 1 until a typed name is found. The id is stored under
 * organization_id and sent with every call from then on; its client type is stored with it.
 */
import { lazy, Suspense, useEffect, useReducer, useRef } from 'react';
import { LoadingOverlay } from '../startup/loading-overlay';
import { ORGANIZATION_NOT_FOUND, type OrganizationLookup } from './organization-api';
import {
  initialOrganizationPrompt,
  type KnownOrganization,
  organizationPromptReducer,
} from './organization-machine';

// The prompt (antd Card, Form, Input) shows only when neither the host nor the browser knows the organization.
const OrganizationPromptForm = lazy(() =>
  import('./organization-prompt-form').then((m) => ({ default: m.OrganizationPromptForm })),
);

export type OrganizationResolverProps = {
  host: string;
  lookup: (input: { organizationDomain: string } | { organizationName: string }) => Promise<OrganizationLookup>;
  storedOrganization: () => KnownOrganization | null;
  saveOrganization: (organization: KnownOrganization) => void;
  /** The prompt is on screen (the app's get_org state). */
  onRequired: () => void;
  onKnown: (organization: KnownOrganization) => void;
};

export function OrganizationResolver(props: OrganizationResolverProps) {
  const [state, dispatch] = useReducer(organizationPromptReducer, initialOrganizationPrompt);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    let cancelled = false;
    const { host, lookup, storedOrganization, saveOrganization } = latest.current;
    void lookup({ organizationDomain: host }).then((answer) => {
      if (cancelled) return;
      if (answer.kind === 'found') {
        saveOrganization(answer.organization);
        dispatch({ type: 'domainResolved', organization: answer.organization });
        return;
      }
      const stored = storedOrganization();
      dispatch(stored ? { type: 'domainResolved', organization: stored } : { type: 'domainUnresolved' });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const loadingName = state.status === 'loading' ? state.name : undefined;
  useEffect(() => {
    if (loadingName === undefined) return;
    let cancelled = false;
    void latest.current.lookup({ organizationName: loadingName }).then((answer) => {
      if (cancelled) return;
      if (answer.kind === 'found') {
        latest.current.saveOrganization(answer.organization);
        dispatch({ type: 'lookupSucceeded', organization: answer.organization });
      } else {
        dispatch({ type: 'lookupFailed', error: answer.kind === 'notFound' ? ORGANIZATION_NOT_FOUND : answer.error });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [loadingName]);

  const known = state.status === 'have_org_id' ? state.organization : undefined;
  const asking = state.status === 'provide_name';
  useEffect(() => {
    if (known) latest.current.onKnown(known);
  }, [known]);
  useEffect(() => {
    if (asking) latest.current.onRequired();
  }, [asking]);

  switch (state.status) {
    case 'checking_domain':
    case 'have_org_id':
      return <LoadingOverlay />;
    case 'provide_name':
    case 'loading':
      return (
        <Suspense fallback={<LoadingOverlay />}>
          <OrganizationPromptForm
            name={state.name}
            error={state.status === 'provide_name' ? state.error : undefined}
            loading={state.status === 'loading'}
            onNameChange={(name) => dispatch({ type: 'nameChanged', name })}
            onSubmit={() => dispatch({ type: 'submitted' })}
          />
        </Suspense>
      );
  }
}
