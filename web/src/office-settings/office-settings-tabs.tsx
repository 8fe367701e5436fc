/**
 * The tabs of /dental-office-settings around its portal credentials (`?tab=1`, SPEC section 2, which keeps its
 * key): Office details (0), Integration (2), Outsourcing (3), Fee schedule (4) and Batch verification (5). The
 * key is the tab's number in `?tab=`; a tab's panel mounts, and reads, when it is first opened.
 */
import { PORTAL_CREDENTIALS_TAB } from '@dv/contracts';
import { type ReactNode } from 'react';
import { type TabItem } from '../ui/tabs';
import { FeeScheduleTab } from './fee-schedule-tab';
import { FreshnessTab } from './freshness-tab';
import { IntegrationTab } from './integration-tab';
import { OfficeDetailsTab } from './office-details-tab';
import { OutsourcingTab } from './outsourcing-tab';

export const OFFICE_DETAILS_TAB = '0';

const SETTINGS_TABS: readonly { key: string; label: string; render: (officeId: string) => ReactNode }[] = [
  { key: OFFICE_DETAILS_TAB, label: 'Office details', render: (officeId) => <OfficeDetailsTab officeId={officeId} /> },
  { key: '2', label: 'Integration', render: (officeId) => <IntegrationTab officeId={officeId} /> },
  { key: '3', label: 'Outsourcing', render: (officeId) => <OutsourcingTab officeId={officeId} /> },
  { key: '4', label: 'Fee schedule', render: (officeId) => <FeeScheduleTab officeId={officeId} /> },
  { key: '5', label: 'Batch verification', render: (officeId) => <FreshnessTab officeId={officeId} /> },
];

/** Every tab key of the page, in `?tab=` terms. */
export const OFFICE_SETTINGS_TAB_KEYS: readonly string[] = [OFFICE_DETAILS_TAB, PORTAL_CREDENTIALS_TAB, ...SETTINGS_TABS.slice(1).map((tab) => tab.key)];

/**
 * The page's tabs in their order: the office's details, its portal credentials, then the rest. `noOffice` stands
 * in a panel while no office is current; each panel is keyed by the office, so a switch reads the new one afresh.
 */
export function officeSettingsTabItems(officeId: string | null, credentials: TabItem, noOffice: ReactNode): TabItem[] {
  const items = SETTINGS_TABS.map((tab) => ({
    key: tab.key,
    label: tab.label,
    children: officeId === null ? noOffice : <div key={officeId}>{tab.render(officeId)}</div>,
  }));
  return [items[0]!, credentials, ...items.slice(1)];
}
