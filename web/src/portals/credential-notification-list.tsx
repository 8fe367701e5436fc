/** Screen 6's popover content: the credentials that need attention, each linking to the credentials page. */
import { MESSAGES, type Portal, type PortalCredential } from '@dv/contracts';
import { Alert, Typography } from 'antd';
import { Link } from 'react-router';
import { providerStatuses } from './credential-status';
import { StatusChip } from './status-chip';

type NotificationListProps = {
  connected: boolean;
  socketError: string | null;
  loading: boolean;
  items: readonly { credential: PortalCredential; portal: Portal | undefined }[];
  pagePath: string;
  onNavigate: () => void;
};

export function NotificationList({ connected, socketError, loading, items, pagePath, onNavigate }: NotificationListProps) {
  return (
    <div className="dv-notifications" aria-label="Portal credential notifications" role="region">
      {!connected ? (
        <Alert
          className="dv-notifications__notice"
          type="warning"
          showIcon
          title={MESSAGES.NO_CONNECTION_TO_SERVER}
          description={socketError ?? undefined}
        />
      ) : null}
      {loading ? (
        <Typography.Text type="secondary">{MESSAGES.LOADING_PORTAL_DATA}</Typography.Text>
      ) : items.length === 0 ? (
        <Typography.Text type="secondary">{MESSAGES.NO_NOTIFICATIONS}</Typography.Text>
      ) : (
        <ul className="dv-notifications__list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map(({ credential, portal }) => (
            <li key={credential.id} className="dv-notifications__item">
              <Link to={pagePath} onClick={onNavigate}>
                {portal?.name ?? credential.portalId}
              </Link>
              <Typography.Text type="secondary">{credential.username}</Typography.Text>
              <div className="dv-portal-card__statuses">
                {providerStatuses(credential).map((entry) => (
                  <StatusChip key={entry.provider} {...entry} />
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
