/**
 * Business constants and limits of SPEC section 9, the feature flags the product reads, the client storage keys,
 * and every user-visible text that SPEC sections 2, 4, 5, 7 and 8 quote. Quoted texts are verbatim, spelling
 * included ('Maintanance lock!', 'Your changes has been saved.').
 *
 * The document validator messages ('Invalid adaCode', 'Wrong time period', ...) live with the validators in
 * `validation/`, the procedure-code messages with `codes/`; they are not repeated here.
 */
import { type FeatureFlagType, type PortalCredentialStatus, type PortalProvider } from './enums';

/** The product's name; the specification's `{product}` placeholder. */
export const PRODUCT_NAME = 'Verific';

// ---------- Limits and timings (SPEC section 9) ----------

/** Bug report attachments: 5 MB. */
export const ATTACHMENT_MAX_BYTES = 5_242_880;
/** A call that has not answered after 90 s ends with 'Request timeout'. */
export const REQUEST_TIMEOUT_MS = 90_000;
export const TOAST_DISPLAY_MS = 30_000;
/** The splash screen is removed at the latest this long after the first render. */
export const SPLASH_REMOVAL_FALLBACK_MS = 5_000;
export const SESSION_WARNING_BEFORE_EXPIRY_MS = 60_000;
/** A user action refreshes the token when less than this remains before it expires. */
export const TOKEN_REFRESH_WHEN_REMAINING_MS = 3_600_000;
export const TOKEN_REFRESH_THROTTLE_MS = 30_000;
/**
 * Lifetime of an access token: short, because a copied token works until it expires wherever the sign-out did
 * not reach. The identity provider issues tokens for this long (renewed with the refresh token), and the gateway
 * keeps a signed-out session's tokens refused for this long (plus the allowed clock skew).
 */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 900;
export const ACTION_DEBOUNCE_MS = 800;
export const CLOCK_CHECK_INTERVAL_MS = 1_000;
export const MAINTENANCE_LOCK_RECHECK_MS = 10_000;
/**
 * How long /login waits for the identity provider (its discovery document) before it says the provider cannot be
 * reached and offers to try again; the browser leaves for the provider well within it when the provider answers.
 */
export const SIGN_IN_PROVIDER_WAIT_MS = 15_000;
/** How long signing out waits for the provider to revoke the refresh token before it goes on without. */
export const SIGN_OUT_REVOCATION_WAIT_MS = 5_000;

/** Socket reconnects: delay of attempt n (1-based) is base * factor^(n-1), at most max attempts. */
export const SOCKET_RECONNECT_BASE_MS = 3_000;
export const SOCKET_RECONNECT_FACTOR = 1.5;
export const SOCKET_RECONNECT_MAX_ATTEMPTS = 5;
/** Normal closure: the client does not reconnect. */
export const SOCKET_CLOSE_NORMAL = 1000;
/** The server refused the connection (authentication failure). */
export const SOCKET_CLOSE_AUTH_FAILED = 4001;
/** The server forbade the connection: the client does not reconnect. */
export const SOCKET_CLOSE_FORBIDDEN = 4003;
export const SOCKET_NO_RECONNECT_CLOSE_CODES: readonly number[] = [SOCKET_CLOSE_NORMAL, SOCKET_CLOSE_FORBIDDEN];

// ---------- Layout and fields ----------

/** The local development host: the web app's dev server (the developer tools drawer shows only there, screen 4). */
export const DEVELOPMENT_HOST = 'localhost:3000';
export const FIXED_VIEWPORT_WIDTH = 1280;
export const CREDENTIAL_CARD_MAX_CARRIERS = 3;
export const NOTIFICATION_POPOVER_WIDTH = 400;
export const NOTIFICATION_POPOVER_MAX_HEIGHT = 500;
export const MULTILINE_MIN_ROWS = 3;
export const MULTILINE_MAX_ROWS = 8;
/** Date fields, in date-fns / dayjs-style tokens. */
export const DATE_FORMAT = 'MM/dd/yyyy';
/** Cookies default to one year. */
export const COOKIE_EXPIRY_DAYS = 365;

// ---------- Domain limits ----------

export const RECENT_HISTORY_MAX_AGE_YEARS = 5;
export const NEW_PATIENT_THRESHOLD_YEARS = 3;
export const ORGANIZATION_NAME_MIN_LENGTH = 3;
export const YEARLY_FREQUENCY_CAP = 99;
/** Status a call result carries when no HTTP status exists (network error, timeout). */
export const DEFAULT_STATUS = 999;
/** The header naming the office an authenticated call acts for (SPEC section 7). HTTP header names ignore case. */
export const OFFICE_HEADER = 'Connected-Dental-Office';

// ---------- Theme ----------

/** Primary colour: coral red; interactive elements (links, focus, primary buttons' hover): teal. */
export const THEME_COLORS = {
  primary: '#FF4040',
  interactive: '#008080',
} as const;

// ---------- Client storage keys ----------

export const STORAGE_KEYS = {
  /** The subscription plan chosen before paying; cleared only on a valid subscription result. */
  selectedPlan: 'selected_plan',
  /** The coupon code entered before paying; cleared with the selected plan. */
  coupon: 'coupon_code',
  /** The bearer token, shared across tabs. */
  token: 'token',
  organizationId: 'organization_id',
  /** Current office id (session storage first, local storage as the saved preference). */
  currentOffice: 'current_office',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Prefix of persistent local settings (developer drawer switches and the like): `verific.<setting>`. */
export const LOCAL_SETTINGS_KEY_PREFIX = 'verific.';

// ---------- Feature flags ----------

/**
 * Every feature flag the product reads, with its type. A `none` flag only carries `isActive`; the others carry a
 * value of their type. Names not given by the specification (the two payment flags, the announcement widget
 * and the payment provider key) are named here.
 */
export const FEATURE_FLAGS = {
  /** Subscriptions (continuous payments) are active: the payment gate applies. */
  PAYMENTS_CONTINUOUS: { name: 'PAYMENTS_CONTINUOUS', type: 'none' },
  /** One-time payments are active. */
  PAYMENTS_ONE_TIME: { name: 'PAYMENTS_ONE_TIME', type: 'none' },
  /** Third-party data adapters and their settings. */
  ADAPTERS_3RD_PARTY: { name: 'adapters-3rd-party', type: 'object' },
  ANNOUNCEMENT_WIDGET_URL: { name: 'ANNOUNCEMENT_WIDGET_URL', type: 'string' },
  /** The card payment provider's publishable key. */
  PAYMENT_PROVIDER_PUBLIC_KEY: { name: 'STRIPE_PUBLIC_KEY', type: 'string' },
  MAINTANANCE_LOCK: { name: 'MAINTANANCE_LOCK', type: 'none' },
  /** Host name to environment name. */
  DOMAIN_ENV_MAP: { name: 'DOMAIN_ENV_MAP', type: 'object' },
  /** The spec's PAST_{product}ATIONS_ENABLED with the product's name. */
  PAST_VERIFICATIONS_ENABLED: { name: 'PAST_VERIFICATIONS_ENABLED', type: 'none' },
  FD_NEW_TYPE: { name: 'FD_NEW_TYPE', type: 'none' },
  SCORE_DOWN_ON_PERIOD_BREAK: { name: 'SCORE_DOWN_ON_PERIOD_BREAK', type: 'none' },
  USER_GUIDE_PDF: { name: 'USER_GUIDE_PDF', type: 'string' },
  /** Days before a verification is archived. */
  ARCHIVISATION_DELAY: { name: 'ARCHIVISATION_DELAY', type: 'integer' },
  MAXIMUM_FREEMIUM_USERS: { name: 'MAXIMUM_FREEMIUM_USERS', type: 'integer' },
  TEST_PLANS_ON_SCORE_DROP: { name: 'TEST_PLANS_ON_SCORE_DROP', type: 'none' },
  RECOMMENDATIONS_ENABLED: { name: 'RECOMMENDATIONS_ENABLED', type: 'none' },
  PORTAL_AI_ENABLED: { name: 'PORTAL_AI_ENABLED', type: 'none' },
  PORTAL_AI_CREDENTIALS_ENABLED: { name: 'PORTAL_AI_CREDENTIALS_ENABLED', type: 'none' },
  DENTAL_XCHANGE_CREDENTIALS_ENABLED: { name: 'DENTAL_XCHANGE_CREDENTIALS_ENABLED', type: 'none' },
} as const satisfies Record<string, { name: string; type: FeatureFlagType }>;
export type FeatureFlagKey = keyof typeof FEATURE_FLAGS;

/** Every flag name, in the order of SPEC section 9. */
export const FEATURE_FLAG_NAMES: readonly string[] = Object.values(FEATURE_FLAGS).map((flag) => flag.name);

/** What a flag of each type reads as. */
export type FeatureFlagValueOf = {
  none: null;
  string: string;
  integer: number;
  object: Record<string, unknown>;
};

/** The stored shape `flagValue` reads; structurally the FeatureFlag entity. */
export type FlagRecord = { name: string; type?: FeatureFlagType; value?: unknown; isActive?: boolean };

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value of a flag of the given type, with the defaults of SPEC section 9: an empty integer flag reads -1, an
 * empty object flag `{}`, an empty string flag ''. Stored values may be text ("30", '{"a":1}'); they are parsed.
 * A value that cannot be read as its type counts as empty. A `none` flag has no value (null).
 */
export function flagValue<T extends FeatureFlagType>(type: T, value: unknown): FeatureFlagValueOf[T];
export function flagValue(type: FeatureFlagType, value: unknown): FeatureFlagValueOf[FeatureFlagType] {
  switch (type) {
    case 'none':
      return null;
    case 'string':
      if (isEmpty(value)) return '';
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
    case 'integer': {
      if (isEmpty(value)) return -1;
      if (typeof value === 'number') return Number.isInteger(value) ? value : -1;
      if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
      return -1;
    }
    case 'object': {
      if (isEmpty(value)) return {};
      if (isPlainObject(value)) return value;
      if (typeof value === 'string') {
        try {
          const parsed: unknown = JSON.parse(value);
          return isPlainObject(parsed) ? parsed : {};
        } catch {
          return {};
        }
      }
      return {};
    }
  }
}

/** True when the named flag exists and is active. */
export function isFeatureActive(flags: readonly FlagRecord[], key: FeatureFlagKey): boolean {
  const { name } = FEATURE_FLAGS[key];
  return flags.some((flag) => flag.name === name && flag.isActive === true);
}

/**
 * The value of a known flag, read as the type this file declares for it. A missing or inactive flag reads as
 * empty, so it yields the default of its type.
 */
export function featureFlagValue<K extends FeatureFlagKey>(
  flags: readonly FlagRecord[],
  key: K,
): FeatureFlagValueOf[(typeof FEATURE_FLAGS)[K]['type']] {
  type Type = (typeof FEATURE_FLAGS)[K]['type'];
  const declared: { name: string; type: Type } = FEATURE_FLAGS[key];
  const flag = flags.find((candidate) => candidate.name === declared.name);
  return flagValue<Type>(declared.type, flag?.isActive === true ? flag.value : undefined);
}

// ---------- User-visible texts ----------

/**
 * Left side menu labels (SPEC section 2, screen 10). The settings group's own label is not quoted; it is named
 * here.
 */
export const MENU_LABELS = {
  newVerification: 'New Verification',
  planSearch: 'Plan Search',
  management: 'Management',
  appointmentSchedule: 'Appointment Schedule',
  verificationsHistory: 'Verifications History',
  settings: 'Settings',
  formCustomization: 'Form Customization',
  billingSettings: 'Billing Settings',
  dentalOfficeSettings: 'Dental Office Settings',
  userGuide: 'User Guide',
  bugReport: 'Bug report',
} as const;

/**
 * Every user-visible text of the specification outside the document validators. Texts with a placeholder are
 * functions of it. Texts the specification only describes (lock screen body, error bar advice) are worded here.
 */
export const MESSAGES = {
  // Organization prompt (screens 1, section 5)
  ORGANIZATION_PROMPT_TITLE: 'Enter organization name',
  ORGANIZATION_PROMPT_CONTINUE: 'CONTINUE',
  ORGANIZATION_NAME_EMPTY: 'Fill organization name first!',
  ORGANIZATION_NAME_TOO_SHORT: 'Organization name is too short!',

  // Maintenance lock (screen 2)
  MAINTENANCE_LOCK_TITLE: 'Maintanance lock!',
  MAINTENANCE_LOCK_TEXT:
    'We are updating this page right now. It will refresh automatically as soon as the work is finished.',
  MAINTENANCE_LOCK_SIGNATURE: `The ${PRODUCT_NAME} Team`,

  // Portal credentials page (screen 5, section 4)
  PORTAL_CREDENTIALS_TITLE: 'Portal Credentials Management',
  NO_PORTALS_AVAILABLE: 'No portals available',
  NO_PORTALS_HINT: 'Contact your administrator to set up portal integrations.',
  MORE_CARRIERS: (count: number) => `+${count} more`,
  CREDENTIAL_STATUS_ACTIVE: 'Active',
  CREDENTIAL_STATUS_VALID: 'Valid',
  BUTTON_LOGIN: 'Login',
  BUTTON_EDIT: 'Edit',
  BUTTON_DELETE: 'Delete',
  BUTTON_COPY_TO_CLIPBOARD: 'Copy to Clipboard',
  BUTTON_CLOSE: 'Close',
  BUTTON_SEND: 'Send',
  FAILED_TO_LOAD_PORTALS: 'Failed to load portals',
  FAILED_TO_LOAD_CREDENTIALS: 'Failed to load credentials',
  FAILED_TO_LOAD_PORTAL_CREDENTIALS_DATA: 'Failed to load portal credentials data',
  FAILED_TO_DELETE_CREDENTIAL: 'Failed to delete credential',
  UNKNOWN_ERROR_OCCURRED: 'An unknown error occurred',

  // Credential dialog (section 5)
  USERNAME_REQUIRED: 'Username is required',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_KEEP_HINT: 'Leave empty to keep current password',

  // MFA (section 4, 8)
  MFA_WAITING: 'Waiting for verification...',
  MFA_FAILED: 'Failed to verify MFA code',
  UNEXPECTED_ERROR: 'An unexpected error occurred',

  // Notification popover (screen 6)
  NO_NOTIFICATIONS: 'No notifications',
  NO_CONNECTION_TO_SERVER: 'No connection to server',
  LOADING_PORTAL_DATA: 'Loading portal data...',

  // Bug report (screen 7, section 5)
  FIELD_REQUIRED: 'This field is required',
  FILE_TOO_BIG: 'Your file is too big, please upload a smaller file. Max file size is 5 MB.',
  BUG_REPORT_SENT: 'Bug report sent!',

  // Info bar (section 4) and generic errors (section 8)
  SAVING: 'Saving. Wait...',
  CHANGES_SAVED: 'Your changes has been saved.',
  DATA_COPIED: 'Data copied to clipboard!',
  GENERIC_ERROR: 'Unfortunately we encountered an error.',
  GENERIC_ERROR_ADVICE: 'Please use the Report Bug tool to tell us what happened.',

  // Session (screen 9, section 8)
  EXTEND_SESSION: 'Extend session',
  AUTH_API_UNKNOWN_ERROR: (message: string) => `Unknown AUTH API error: ${message}`,
  TOKEN_REFRESH_FROM_OTHER_TAB: 'Unauthorized - token refresh from other tab',

  // Calls (sections 7, 8)
  UNAUTHORIZED_ON_ENDPOINT: (path: string) => `Unauthorized - on endpoint (${path})`,
  REQUEST_TIMEOUT: 'Request timeout',
  BODY_IS_NOT_JSON: 'body is not a json!',
  NOT_FOUND_ERROR: 'Not Found',
  DENTAL_OFFICE_NOT_FOUND: 'Dental Office not found',
  COMMUNICATION_ERROR: 'communication_error',

  // Socket (section 8)
  SOCKET_AUTHENTICATION_FAILED: (message: string) => `Authentication failed: ${message}`,
  SOCKET_TOKEN_MAY_BE_EXPIRED: 'Authentication failed - token may be expired',
  SOCKET_ACCESS_FORBIDDEN: 'Access forbidden',
  SOCKET_CONNECTION_ERROR: 'Connection error occurred',
  SOCKET_RECONNECT_FAILED: 'Failed to reconnect after maximum attempts',
  SOCKET_UNKNOWN_SERVER_ERROR: 'Unknown server error',
} as const;

/** The fixed texts of the info bar types that the specification quotes (section 4). */
export const INFO_BAR_TEXTS = {
  inprogress: MESSAGES.SAVING,
  saved: MESSAGES.CHANGES_SAVED,
  copied: MESSAGES.DATA_COPIED,
} as const;

/**
 * The text of a credential status chip (SPEC section 4). valid may read 'Active' or 'Valid'; the product says
 * 'Active' everywhere. The other statuses are not quoted by the specification; they are worded here.
 */
export const CREDENTIAL_STATUS_LABELS = {
  valid: MESSAGES.CREDENTIAL_STATUS_ACTIVE,
  invalid: 'Invalid',
  failed: 'Failed',
  inProgress: 'In progress',
  mfaRequired: 'MFA required',
} as const satisfies Record<PortalCredentialStatus, string>;

/** How the portal-automation providers are named on a credential's status chips. */
export const PORTAL_PROVIDER_LABELS = {
  dentalXChange: 'DentalXChange',
  portalAi: 'Portal AI',
} as const satisfies Record<PortalProvider, string>;
