/**
 * /dental-office-settings (office and group managers): the office's settings and, on the second tab
 * (`?tab=1`, SPEC section 2), its portal credentials. The office settings tab comes with a later release: until
 * then the page opens on the portal credentials, the tab with content (a first-time user met an empty tab); a
 * `?tab=` in the address still chooses.
 */
import { PORTAL_CREDENTIALS_TAB } from '@dv/contracts';
import { useSearchParams } from 'react-router';
import { StatusResult } from '../ui/status-result';
import { Tabs } from '../ui/tabs';
import { useOffice } from '../office/office-context';
import { mayEditCredentials } from './credential-permissions';
import { PortalCredentialsPanel } from './portal-credentials-panel';

const OFFICE_SETTINGS_TAB = '0';
/** Whether the office settings tab has content yet: the page opens on it once it has. */
const OFFICE_SETTINGS_READY = false;
const DEFAULT_TAB = OFFICE_SETTINGS_READY ? OFFICE_SETTINGS_TAB : PORTAL_CREDENTIALS_TAB;
const TABS: readonly string[] = [OFFICE_SETTINGS_TAB, PORTAL_CREDENTIALS_TAB];

/** The tab the address asks for, or the default one for none (or one the page does not have). */
function tabOf(asked: string | null): string {
  return asked !== null && TABS.includes(asked) ? asked : DEFAULT_TAB;
}

export function DentalOfficeSettingsPage() {
  const { access, currentOfficeId } = useOffice();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));

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
