/**
 * /management/portal-credentials (company users): the credentials page for one office of the organization,
 * picked from the management office list. The choice stays in the address (`?office=<id>`), so a reload or a
 * shared link opens the same office; without one, the user's current office or else the first office is shown.
 */
import { MANAGEMENT_PAGE_SIZE_MAX, ManagedOffice, pageOf } from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useServices } from '../app/services-context';
import { type HttpClient } from '../http/http-client';
import { useOffice } from '../office/office-context';
import { mayEditCredentials } from './credential-permissions';
import { PortalCredentialsPanel } from './portal-credentials-panel';

const OfficePage = pageOf(ManagedOffice);

async function fetchOrganizationOffices(http: HttpClient): Promise<ManagedOffice[]> {
  const result = await http.get('/api/management/offices', { page: 1, pageSize: MANAGEMENT_PAGE_SIZE_MAX });
  const parsed = OfficePage.safeParse(result.data);
  if (!result.ok || !parsed.success) throw new Error(result.error ?? 'The offices could not be read.');
  return parsed.data.items;
}

export function ManagementPortalCredentialsPage() {
  const { http } = useServices();
  const { access, currentOfficeId } = useOffice();
  const [params, setParams] = useSearchParams();
  const offices = useQuery({ queryKey: ['management-offices', 'portal-credentials'], queryFn: () => fetchOrganizationOffices(http) });

  const list = offices.data ?? [];
  const asked = params.get('office');
  const officeId =
    list.find((office) => office.id === asked)?.id ??
    list.find((office) => office.id === currentOfficeId)?.id ??
    list[0]?.id ??
    null;

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
