/**
 * /dental-office-settings (office and group managers): the office's settings on their tabs (office-settings/:
 * details, integration, outsourcing, fee schedule, batch verification) and, on the second tab (`?tab=1`, SPEC
 * section 2), its portal credentials. The page opens on the office's details; a `?tab=` in the address chooses
 * (one the page does not have opens the details).
 */
import { PORTAL_CREDENTIALS_TAB } from '@dv/contracts';
import { useSearchParams } from 'react-router';
import { OFFICE_DETAILS_TAB, OFFICE_SETTINGS_TAB_KEYS, officeSettingsTabItems } from '../office-settings/office-settings-tabs';
import { StatusResult } from '../ui/status-result';
import { Tabs } from '../ui/tabs';
import { useOffice } from '../office/office-context';
import { mayEditCredentials } from './credential-permissions';
import { PortalCredentialsPanel } from './portal-credentials-panel';

/** The tab the address asks for, or the default one for none (or one the page does not have). */
function tabOf(asked: string | null): string {
  return asked !== null && OFFICE_SETTINGS_TAB_KEYS.includes(asked) ? asked : OFFICE_DETAILS_TAB;
}

export function DentalOfficeSettingsPage() {
  const { access, currentOfficeId } = useOffice();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));

  return (
    <div className="dv-page">
      <Tabs
        label="Dental office settings"
        activeKey={tab}
        onChange={(key) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.set('tab', key);
            return next;
          })
        }
        items={officeSettingsTabItems(
          currentOfficeId,
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
          <StatusResult status="info" title="Choose a dental office to see its settings." />,
        )}
      />
    </div>
  );
}
