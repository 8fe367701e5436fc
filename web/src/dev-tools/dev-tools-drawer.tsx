/**
 * Screen 4: developer switches, the current token and organization id; only on the Vite dev server. It opens
 * from the app's pages and from the start-up screens (organization prompt, maintenance lock), where 'Skip
 * maintenance lock' is what a developer needs.
 */
import { Button, Drawer, FloatButton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../auth/session-context';
import { forgetOrganization, readOrganizationId } from '../organization/organization-api';
import { DEV_SETTINGS, type DevSettingKey, readDevSetting, writeDevSetting } from './dev-settings';

export type DevToolsDrawerProps = {
  /** The token shown; null when nobody is signed in. */
  accessToken: string | null;
  /** Default: the page's host. */
  host?: string;
  /** After a switch changed (the start-up gate re-evaluates the lock). */
  onSettingChange?: (key: DevSettingKey, on: boolean) => void;
};

export function DevToolsDrawer({ accessToken, host, onSettingChange }: DevToolsDrawerProps) {
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState(() =>
    Object.fromEntries(DEV_SETTINGS.map(({ key }) => [key, readDevSetting(key, host)])) as Record<DevSettingKey, boolean>,
  );
  const toggle = (key: DevSettingKey, on: boolean) => {
    writeDevSetting(key, on);
    setSettings((current) => ({ ...current, [key]: on }));
    onSettingChange?.(key, on);
  };
  const organizationId = readOrganizationId();

  return (
    <>
      <FloatButton shape="square" content="Dev" tooltip="Developer tools" aria-label="Developer tools" onClick={() => setOpen(true)} />
      <Drawer title="Developer tools" open={open} onClose={() => setOpen(false)} size={420}>
        <Space orientation="vertical" size="middle" className="dv-full-width">
          {DEV_SETTINGS.map(({ key, label }) => (
            <label key={key} className="dv-switch-row">
              <Switch checked={settings[key]} onChange={(on) => toggle(key, on)} aria-label={label} />
              <span>{label}</span>
            </label>
          ))}
          <div>
            <Typography.Text strong>Organization id</Typography.Text>
            <Typography.Paragraph copyable={organizationId ? { text: organizationId } : false}>
              {organizationId ?? '—'}
            </Typography.Paragraph>
            <Button
              size="small"
              onClick={() => {
                forgetOrganization();
                window.location.reload();
              }}
            >
              Forget organization
            </Button>
          </div>
          <div>
            <Typography.Text strong>Access token</Typography.Text>
            <Typography.Paragraph
              copyable={accessToken ? { text: accessToken } : false}
              ellipsis={{ rows: 4, expandable: true }}
              code
            >
              {accessToken ?? 'Not signed in'}
            </Typography.Paragraph>
          </div>
        </Space>
      </Drawer>
    </>
  );
}

/** The drawer inside the started app: the token is the session's. */
export function SessionDevToolsDrawer() {
  const session = useSession();
  return <DevToolsDrawer accessToken={session.status === 'signedIn' ? session.accessToken : null} />;
}
