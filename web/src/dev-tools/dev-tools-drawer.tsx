/** Screen 4: developer switches, the current token and organization id; only on the Vite dev server. */
import { Button, Drawer, FloatButton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useSession } from '../auth/session-context';
import { forgetOrganization, readOrganizationId } from '../organization/organization-api';
import { DEV_SETTINGS, type DevSettingKey, readDevSetting, writeDevSetting } from './dev-settings';

export function DevToolsDrawer() {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const [settings, setSettings] = useState(() =>
    Object.fromEntries(DEV_SETTINGS.map(({ key }) => [key, readDevSetting(key)])) as Record<DevSettingKey, boolean>,
  );
  const toggle = (key: DevSettingKey, on: boolean) => {
    writeDevSetting(key, on);
    setSettings((current) => ({ ...current, [key]: on }));
  };
  const token = session.status === 'signedIn' ? session.accessToken : null;
  const organizationId = readOrganizationId();

  return (
    <>
      <FloatButton content="Dev" tooltip="Developer tools" aria-label="Developer tools" onClick={() => setOpen(true)} />
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
            <Typography.Paragraph copyable={token ? { text: token } : false} ellipsis={{ rows: 4, expandable: true }} code>
              {token ?? 'Not signed in'}
            </Typography.Paragraph>
          </div>
        </Space>
      </Drawer>
    </>
  );
}
