/**
 * /management/portal-credentials (company users): the credentials page for one office of the organization,
 * picked from the management office list. The choice stays in the address (`?office=<id>`), so a reload or a
 * shared link opens the same office; without one, the office last looked at here in this tab, else the user's
 * current office, else the first office is shown (managed-office.ts). The header's notification badge follows it.
 */
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useOffice } from '../office/office-context';
import { mayEditCredentials } from './credential-permissions';
import { rememberViewedOffice, useManagedOffice } from './managed-office';
import { PortalCredentialsPanel } from './portal-credentials-panel';

// antd's Select (some 35 KB compressed) loads beside the office list rather than before the page renders.
const OfficeSelect = lazy(() => import('./office-select').then((m) => ({ default: m.OfficeSelect })));

export function ManagementPortalCredentialsPage() {
  const { access } = useOffice();
  const [, setParams] = useSearchParams();
  const { offices, officeId } = useManagedOffice();
  const list = offices.data ?? [];

  useEffect(() => {
    if (officeId !== null) rememberViewedOffice(officeId);
  }, [officeId]);

  // Until the Select has loaded, the office's name stands where it will be.
  const pending = <span className="dv-office-picker__pending">{list.find((office) => office.id === officeId)?.name}</span>;
  return (
    <div className="dv-page">
      <div className="dv-office-picker">
        <strong>Dental office</strong>
        <Suspense fallback={pending}>
          <OfficeSelect
            offices={list}
            loading={offices.isPending}
            officeId={officeId}
            onChange={(id) =>
              setParams((current) => {
                const next = new URLSearchParams(current);
                next.set('office', id);
                return next;
              })
            }
          />
        </Suspense>
      </div>
      {offices.isError ? (
        <div className="dv-alert dv-alert--error dv-portal-credentials__alert" role="alert">
          <span className="dv-alert__icon" aria-hidden="true">
            <CloseCircleFilled />
          </span>
          <div className="dv-alert__body">{offices.error.message}</div>
        </div>
      ) : null}
      {offices.isPending ? <span className="dv-spinner" role="img" aria-label="Loading offices" /> : null}
      {officeId !== null ? (
        <PortalCredentialsPanel key={officeId} officeId={officeId} canEdit={mayEditCredentials(access.roles)} />
      ) : null}
    </div>
  );
}
