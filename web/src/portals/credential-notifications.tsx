/**
 * Screen 6: the login-credential button in the header with a badge counting the credentials that need attention
 * (invalid, failed, mfaRequired) of the current office (for a company user: the office picked on
 * /management/portal-credentials), and its popover (NOTIFICATION_POPOVER_WIDTH wide, at most
 * NOTIFICATION_POPOVER_MAX_HEIGHT high, scrolling) listing them, each linking to the credentials page. Socket
 * events keep the list current: a credential whose status changes to one that needs no attention leaves it.
 */
import {
  canAccess,
  credentialNeedsAttention,
  MESSAGES,
  NOTIFICATION_POPOVER_MAX_HEIGHT,
  NOTIFICATION_POPOVER_WIDTH,
  PATHS,
  PORTAL_CREDENTIALS_TAB,
} from '@dv/contracts';
import { Badge, Button, Popover, type PopoverProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useOffice } from '../office/office-context';
import { useRealtimeState } from '../realtime/realtime-context';
import { useManagedOffice } from './managed-office';
import { useCredentialLiveUpdates, useCredentials, usePortals } from './use-portal-credentials';
import './portals.css';

// The list (antd Alert, Tag, Spin) loads when the popover first opens: every signed-in page shows the button.
const NotificationList = lazy(() => import('./credential-notification-list').then((m) => ({ default: m.NotificationList })));

const OFFICE_CREDENTIALS_PAGE = `${PATHS.dentalOfficeSettings}?tab=${PORTAL_CREDENTIALS_TAB}`;
const MANAGEMENT_CREDENTIALS_PAGE = PATHS.managementPortalCredentials;
const POPOVER_TITLE = 'Portal credentials';

/**
 * The popover's own box is 400 wide and at most 500 high (its padding inside those), and its content scrolls under
 * the title when the list is longer: sizing the list instead would add the popover's padding around it.
 */
export const NOTIFICATION_POPOVER_STYLES = {
  container: {
    width: NOTIFICATION_POPOVER_WIDTH,
    // On a phone narrower than the popover it keeps a margin on both sides instead of running off the screen.
    maxWidth: 'calc(100vw - 16px)',
    maxHeight: NOTIFICATION_POPOVER_MAX_HEIGHT,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
  },
  content: { overflowY: 'auto', minHeight: 0 },
} as const satisfies PopoverProps['styles'];

/** The credentials page this user may open, if any. */
export function credentialsPageFor(roles: readonly string[]): string | null {
  if (canAccess(OFFICE_CREDENTIALS_PAGE, roles)) return OFFICE_CREDENTIALS_PAGE;
  if (canAccess(MANAGEMENT_CREDENTIALS_PAGE, roles)) return MANAGEMENT_CREDENTIALS_PAGE;
  return null;
}

function KeyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M7 14a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm5.65-4A6 6 0 1 0 12.65 14H15v3h3v-3h2v-4h-7.35Z" />
    </svg>
  );
}

/**
 * The header's button, for users who may open a credentials page: office users see their current office's
 * credentials; company users (the management page) the office they look at there (managed-office.ts), since many
 * of them have no current office of their own.
 */
export function CredentialNotifications() {
  const { access, currentOfficeId } = useOffice();
  const pagePath = credentialsPageFor(access.effectiveRoles);
  if (pagePath === MANAGEMENT_CREDENTIALS_PAGE) return <CompanyCredentialNotifications />;
  if (currentOfficeId === null || pagePath === null) return null;
  return <CredentialNotificationsFor officeId={currentOfficeId} pagePath={pagePath} title={POPOVER_TITLE} />;
}

function CompanyCredentialNotifications() {
  const { offices, officeId } = useManagedOffice();
  if (officeId === null) return null;
  const name = offices.data?.find((office) => office.id === officeId)?.name;
  return (
    <CredentialNotificationsFor
      officeId={officeId}
      pagePath={`${MANAGEMENT_CREDENTIALS_PAGE}?office=${encodeURIComponent(officeId)}`}
      title={name === undefined ? POPOVER_TITLE : `${POPOVER_TITLE}: ${name}`}
    />
  );
}

function CredentialNotificationsFor({ officeId, pagePath, title }: { officeId: string; pagePath: string; title: string }) {
  const [open, setOpen] = useState(false);
  const socket = useRealtimeState();
  const portals = usePortals();
  const credentials = useCredentials(officeId);
  useCredentialLiveUpdates(officeId);

  const items = (credentials.data ?? [])
    .filter(credentialNeedsAttention)
    .map((credential) => ({ credential, portal: portals.data?.find((portal) => portal.id === credential.portalId) }));
  const loading = credentials.isPending || portals.isPending;

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      styles={NOTIFICATION_POPOVER_STYLES}
      title={title}
      content={
        <Suspense fallback={<span>{MESSAGES.LOADING_PORTAL_DATA}</span>}>
          <NotificationList
          connected={socket.status === 'connected'}
          socketError={socket.error}
          loading={loading}
          items={items}
          pagePath={pagePath}
          onNavigate={() => setOpen(false)}
          />
        </Suspense>
      }
    >
      <Badge count={items.length} size="small" offset={[-4, 4]}>
        <Button
          aria-label={`Portal credential notifications (${items.length})`}
          icon={<KeyIcon />}
          data-socket-status={socket.status}
        />
      </Badge>
    </Popover>
  );
}
