/** /user-guide: the PDF the USER_GUIDE_PDF flag names. Plain HTML: antd's Typography and Empty are most of what the page would load. */
import { featureFlagValue } from '@dv/contracts';
import { useFeatureFlags } from '../features/feature-flags';
import './user-guide-page.css';

export function UserGuidePage() {
  const url = featureFlagValue(useFeatureFlags(), 'USER_GUIDE_PDF');
  return (
    <section className="dv-page" aria-labelledby="user-guide-title">
      <h1 id="user-guide-title" className="dv-page-title dv-para">
        User Guide
      </h1>
      {url ? (
        <>
          <p className="dv-para">
            <a className="dv-user-guide__link" href={url} target="_blank" rel="noopener noreferrer">
              Open the user guide as PDF
            </a>
          </p>
          <iframe className="dv-pdf" title="User Guide" src={url} />
        </>
      ) : (
        <p className="dv-user-guide__empty">The user guide is not available yet.</p>
      )}
    </section>
  );
}
