import { organizationPrompt } from './organization-prompt.mjs';
import { roleScenarios } from './roles.mjs';
import { officeSwitch } from './office-switch.mjs';
import { maintenanceLock } from './maintenance-lock.mjs';
import { sessionWarning, sessionExpiry } from './session.mjs';
import { unauthorizedApi, unauthorizedApiOnVerification } from './unauthorized-api.mjs';
import { bugReportPdf, bugReports } from './bug-reports.mjs';
import { portalCredentialScenarios } from './portal-credentials.mjs';
import { accessibilityScenarios } from './accessibility.mjs';
import { verificationFlowScenarios } from './verification-flow.mjs';
import { verificationEditScenarios } from './verification-edit.mjs';
import { verificationAccessibility } from './verification-accessibility.mjs';
import { webBudget } from './web-budget.mjs';
import { pageLoadCalls } from './page-load-calls.mjs';

export const scenarios = [
  organizationPrompt,
  ...roleScenarios,
  officeSwitch,
  maintenanceLock,
  sessionWarning,
  sessionExpiry,
  unauthorizedApi,
  unauthorizedApiOnVerification,
  ...portalCredentialScenarios,
  bugReports,
  bugReportPdf,
  ...accessibilityScenarios,
  ...verificationFlowScenarios,
  ...verificationEditScenarios,
  verificationAccessibility,
  pageLoadCalls,
  webBudget,
];
