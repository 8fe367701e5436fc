import { MESSAGES } from '@dv/contracts';
import { Card, Typography } from 'antd';

/** Screen 2: the page refreshes itself when the lock is lifted (see startup-gate.tsx). */
export function MaintenanceLockScreen() {
  return (
    <main className="dv-centered">
      <Card className="dv-centered-card">
        <Typography.Title level={2}>{MESSAGES.MAINTENANCE_LOCK_TITLE}</Typography.Title>
        <Typography.Paragraph>{MESSAGES.MAINTENANCE_LOCK_TEXT}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{MESSAGES.MAINTENANCE_LOCK_SIGNATURE}</Typography.Paragraph>
      </Card>
    </main>
  );
}
