import { PRODUCT_NAME } from '@dv/contracts';
import { Typography } from 'antd';
import { CenteredPage } from './centered-result';

export function TermsPage() {
  return (
    <CenteredPage>
      <Typography.Title level={1}>Terms of use</Typography.Title>
      <Typography.Paragraph>
        {PRODUCT_NAME} is provided to dental offices and their partners to verify patients&apos; dental insurance
        benefits. Use it only for patients your office treats, keep your sign-in to yourself, and report anything
        that looks wrong with the Report Bug tool.
      </Typography.Paragraph>
      <Typography.Paragraph>
        Insurance data shown by {PRODUCT_NAME} comes from carriers, clearinghouses and portals; confirm critical
        details with the carrier before treatment.
      </Typography.Paragraph>
    </CenteredPage>
  );
}
