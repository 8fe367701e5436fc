/** /user-guide: the PDF the USER_GUIDE_PDF flag names. */
import { featureFlagValue } from '@dv/contracts';
import { Empty, Typography } from 'antd';
import { useFeatureFlags } from '../features/feature-flags';

export function UserGuidePage() {
  const url = featureFlagValue(useFeatureFlags(), 'USER_GUIDE_PDF');
  return (
    <section className="dv-page" aria-labelledby="user-guide-title">
      <Typography.Title level={1} id="user-guide-title">
        User Guide
      </Typography.Title>
      {url ? (
        <>
          <Typography.Paragraph>
            <a href={url} target="_blank" rel="noopener noreferrer">
              Open the user guide as PDF
            </a>
          </Typography.Paragraph>
          <iframe className="dv-pdf" title="User Guide" src={url} />
        </>
      ) : (
        <Empty description="The user guide is not available yet." />
      )}
    </section>
  );
}
