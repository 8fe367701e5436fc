import { PATHS, PRODUCT_NAME } from '@dv/contracts';
import { Button, Layout, Space, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { OfficeSwitcher } from '../office/office-switcher';
import { useAccess } from '../office/office-context';
import { CredentialNotifications } from '../portals/credential-notifications';

/** The top bar of signed-in pages: product, portal credential notifications, current office, who is signed in, sign out. */
export function AppHeader() {
  const access = useAccess();
  const navigate = useNavigate();
  const who = access.claims?.name ?? access.claims?.email;
  return (
    <Layout.Header className="dv-header">
      <Typography.Text strong className="dv-header__brand">
        {PRODUCT_NAME}
      </Typography.Text>
      <Space size="middle">
        <CredentialNotifications />
        <OfficeSwitcher />
        {typeof who === 'string' ? <Typography.Text className="dv-header__user">{who}</Typography.Text> : null}
        <Button onClick={() => void navigate(PATHS.logout)}>Sign out</Button>
      </Space>
    </Layout.Header>
  );
}
