/**
 * /management/portal-credentials (company users): the credentials page for one office of the organization,
 * picked from the management office list. The choice stays in the address (`?office=<id>`), so a reload or a
 * shared link opens the same office; without one, the office last looked at here in this tab, else the user's
 * current office, else the first office is shown (managed-office.ts). The header's notification badge follows it.
 */
import { Alert, Select, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useOffice } from '../office/office-context';
import { mayEditCredentials } from './credential-permissions';
import { rememberViewedOffice, useManagedOffice } from './managed-office';
import { PortalCredentialsPanel } from './portal-credentials-panel';

export function ManagementPortalCredentialsPage() {
  const { access } = useOffice();
  const [, setParams] = useSearchParams();
  const { offices, officeId } = useManagedOffice();
  const list = offices.data ?? [];

  useEffect(() => {
    if (officeId !== null) rememberViewedOffice(officeId);
  }, [officeId]);

  return (
    <div className="dv-page">
      <div className="dv-office-picker">
        <Typography.Text strong>Dental office</Typography.Text>
        <Select
          aria-label="Dental office"
          className="dv-office-switcher"
          loading={offices.isPending}
          value={officeId ?? undefined}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(id: string) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('office', id);
              return next;
            })
          }
          options={list.map((office) => ({ value: office.id, label: office.name }))}
        />
      </div>
      {offices.isError ? <Alert type="error" showIcon title={offices.error.message} /> : null}
      {offices.isPending ? <Spin aria-label="Loading offices" /> : null}
      {officeId !== null ? (
        <PortalCredentialsPanel key={officeId} officeId={officeId} canEdit={mayEditCredentials(access.roles)} />
      ) : null}
    </div>
  );
}
