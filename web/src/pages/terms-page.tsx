import { PRODUCT_NAME } from '@dv/contracts';
import { CenteredBox } from '../ui/centered-box';

export function TermsPage() {
  return (
    <CenteredBox>
      <h1 className="dv-page-title dv-para">Terms of use</h1>
      <p className="dv-para">
        {PRODUCT_NAME} is provided to dental offices and their partners to verify patients&apos; dental insurance
        benefits. Use it only for patients your office treats, keep your sign-in to yourself, and report anything
        that looks wrong with the Report Bug tool.
      </p>
      <p className="dv-para">
        Insurance data shown by {PRODUCT_NAME} comes from carriers, clearinghouses and portals; confirm critical
        details with the carrier before treatment.
      </p>
    </CenteredBox>
  );
}
