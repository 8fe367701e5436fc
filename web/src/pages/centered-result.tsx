import { Card } from 'antd';
import { type ReactNode } from 'react';

/** A page whose whole content is one message, centred. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <main className="dv-centered">
      <Card className="dv-card">{children}</Card>
    </main>
  );
}
