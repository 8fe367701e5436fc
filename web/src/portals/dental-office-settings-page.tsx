/**
 * /dental-office-settings (office and group managers): the office's settings and, on the second tab
 * (`?tab=1`, SPEC section 2), its portal credentials. The office settings tab comes with a later release.
 */
import { PORTAL_CREDENTIALS_TAB } from '@dv/contracts';
import { useSearchParams } from 'react-router-dom';
import { StatusResult } from '../ui/status-result';
import { Tabs } from '../ui/tabs';
import { useOffice } from '../office/office-context';
import { mayEditCredentials } from './credential-permissions';
import { PortalCredentialsPanel } from './portal-credentials-panel';

const OFFICE_SETTINGS_TAB = '0';

export function DentalOfficeSettingsPage() {
  const { access, currentOfficeId } = useOffice();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === PORTAL_CREDENTIALS_TAB ? PORTAL_CREDENTIALS_TAB : OFFICE_SETTINGS_TAB;

  return (
    <div className="dv-page">
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.set('tab', key);
            return next;
          })
        }
        items={[
          {
            key: OFFICE_SETTINGS_TAB,
            label: 'Office settings',
            children: (
              <StatusResult
                status="info"
                title="Office settings"
                subTitle="This part of the page is under construction. It will be available in a coming release."
              />
            ),
          },
          {
            key: PORTAL_CREDENTIALS_TAB,
            label: 'Portal credentials',
            children:
              currentOfficeId === null ? (
                <StatusResult status="info" title="Choose a dental office to see its portal credentials." />
              ) : (
                <PortalCredentialsPanel key={currentOfficeId} officeId={currentOfficeId} canEdit={mayEditCredentials(access.roles)} />
              ),
          },
        ]}
      />
    </div>
  );
}
