/**
 * /management/features (superadministrator): every feature flag of SPEC section 9 with its type, a value editor
 * by type, and its isActive switch, each flag saved on its own (flag-row.tsx). Flags are global: a change applies
 * to every organization, and open tabs hear of it through the socket and read the flags again (feature-flags.ts);
 * this page reads its list again too, so two administrators see each other's changes.
 *
 * A plain table (ui.css's dv-table, as the other management lists) rather than antd's Table: the list is short,
 * fixed and unsorted, and every row holds its own form.
 */
import { matchRoute, PATHS, SOCKET_EVENTS } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../realtime/realtime-context';
import { LoadError } from '../../ui/load-error';
import { MANAGED_FLAGS_QUERY_KEY, useManagedFlags } from './features-api';
import { FlagRow } from './flag-row';
import '../../ui/ui.css';
import './features.css';

const TITLE = matchRoute(PATHS.managementFeatures)?.label ?? 'Feature Flags';

export function FeatureFlagsPage() {
  const flags = useManagedFlags();
  const queryClient = useQueryClient();
  useSocketEvent(SOCKET_EVENTS.featureFlagChanged, () => {
    void queryClient.invalidateQueries({ queryKey: MANAGED_FLAGS_QUERY_KEY });
  });

  let empty: string | null = null;
  if (flags.isPending) empty = 'Loading feature flags...';
  else if (flags.isError) empty = 'Nothing to show.';
  else if (flags.data.length === 0) empty = 'No feature flags.';

  return (
    <section className="dv-page dv-flags" aria-labelledby="flags-title">
      <h1 id="flags-title" className="dv-page-title">
        {TITLE}
      </h1>
      <p className="dv-flags__intro">
        Flags apply to every organization at once, and open tabs read a change right away. Each flag is saved on its own: its
        switch at once, its value with Save. An empty integer reads as -1, an empty object as {'{ }'}, an empty text as nothing.
      </p>
      {flags.isError ? <LoadError title={`The feature flags could not be read: ${flags.error.message}`} onRetry={() => void flags.refetch()} /> : null}
      <div className="dv-table-scroll" tabIndex={0} role="region" aria-label="Feature flag table">
        <table className="dv-table dv-flags__table" aria-labelledby="flags-title" aria-busy={flags.isFetching}>
          <thead>
            <tr>
              <th scope="col">Flag</th>
              <th scope="col">Type</th>
              <th scope="col">Value</th>
              <th scope="col">Active</th>
            </tr>
          </thead>
          <tbody>
            {empty !== null || !flags.data ? (
              <tr>
                <td className="dv-table-empty" colSpan={4}>
                  {empty}
                </td>
              </tr>
            ) : (
              flags.data.map((flag) => <FlagRow key={flag.name} flag={flag} />)
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
