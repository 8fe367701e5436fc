import fc from 'fast-check';
import {
  ACTION_DEBOUNCE_MS,
  ATTACHMENT_MAX_BYTES,
  CLOCK_CHECK_INTERVAL_MS,
  COOKIE_EXPIRY_DAYS,
  CREDENTIAL_STATUS_LABELS,
  CREDENTIAL_CARD_MAX_CARRIERS,
  DATE_FORMAT,
  DEFAULT_STATUS,
  FEATURE_FLAG_NAMES,
  FEATURE_FLAGS,
  FIXED_VIEWPORT_WIDTH,
  INFO_BAR_TEXTS,
  LOCAL_SETTINGS_KEY_PREFIX,
  MAINTENANCE_LOCK_RECHECK_MS,
  MENU_LABELS,
  MESSAGES,
  MULTILINE_MAX_ROWS,
  MULTILINE_MIN_ROWS,
  NEW_PATIENT_THRESHOLD_YEARS,
  NOTIFICATION_POPOVER_MAX_HEIGHT,
  NOTIFICATION_POPOVER_WIDTH,
  PORTAL_PROVIDER_LABELS,
  ORGANIZATION_NAME_MIN_LENGTH,
  RECENT_HISTORY_MAX_AGE_YEARS,
  REQUEST_TIMEOUT_MS,
  SESSION_WARNING_BEFORE_EXPIRY_MS,
  SOCKET_CLOSE_AUTH_FAILED,
  SOCKET_NO_RECONNECT_CLOSE_CODES,
  SOCKET_RECONNECT_BASE_MS,
  SOCKET_RECONNECT_FACTOR,
  SOCKET_RECONNECT_MAX_ATTEMPTS,
  SPLASH_REMOVAL_FALLBACK_MS,
  STORAGE_KEYS,
  THEME_COLORS,
  TOAST_DISPLAY_MS,
  TOKEN_REFRESH_THROTTLE_MS,
  TOKEN_REFRESH_WHEN_REMAINING_MS,
  YEARLY_FREQUENCY_CAP,
  featureFlagValue,
  flagValue,
  isFeatureActive,
} from './constants';
import { INFO_BAR_TYPES, PORTAL_CREDENTIAL_STATUSES, PORTAL_PROVIDERS } from './enums';

describe('section 9 limits and timings', () => {
  it.each([
    ['attachment max 5 MB', ATTACHMENT_MAX_BYTES, 5 * 1024 * 1024],
    ['attachment max in bytes', ATTACHMENT_MAX_BYTES, 5242880],
    ['request timeout 90 s', REQUEST_TIMEOUT_MS, 90_000],
    ['toast display 30 s', TOAST_DISPLAY_MS, 30_000],
    ['splash removal fallback 5 s', SPLASH_REMOVAL_FALLBACK_MS, 5_000],
    ['session warning 60 s before expiry', SESSION_WARNING_BEFORE_EXPIRY_MS, 60_000],
    ['token refresh when under 1 hour remains', TOKEN_REFRESH_WHEN_REMAINING_MS, 60 * 60 * 1000],
    ['refresh throttle 30 s', TOKEN_REFRESH_THROTTLE_MS, 30_000],
    ['action debounce 800 ms', ACTION_DEBOUNCE_MS, 800],
    ['clock checked every second', CLOCK_CHECK_INTERVAL_MS, 1_000],
    ['socket reconnect base 3000 ms', SOCKET_RECONNECT_BASE_MS, 3000],
    ['socket reconnect factor 1.5', SOCKET_RECONNECT_FACTOR, 1.5],
    ['socket reconnect max 5 attempts', SOCKET_RECONNECT_MAX_ATTEMPTS, 5],
    ['socket auth failure close code', SOCKET_CLOSE_AUTH_FAILED, 4001],
    ['maintenance lock re-check 10 s', MAINTENANCE_LOCK_RECHECK_MS, 10_000],
    ['credential card carriers', CREDENTIAL_CARD_MAX_CARRIERS, 3],
    ['notification popover width', NOTIFICATION_POPOVER_WIDTH, 400],
    ['notification popover max height', NOTIFICATION_POPOVER_MAX_HEIGHT, 500],
    ['multiline min rows', MULTILINE_MIN_ROWS, 3],
    ['multiline max rows', MULTILINE_MAX_ROWS, 8],
    ['cookies 1 year', COOKIE_EXPIRY_DAYS, 365],
    ['recent history max age', RECENT_HISTORY_MAX_AGE_YEARS, 5],
    ['new-patient threshold', NEW_PATIENT_THRESHOLD_YEARS, 3],
    ['minimum organization name length', ORGANIZATION_NAME_MIN_LENGTH, 3],
    ['fixed viewport', FIXED_VIEWPORT_WIDTH, 1280],
    ['yearly frequency cap', YEARLY_FREQUENCY_CAP, 99],
    ['default status', DEFAULT_STATUS, 999],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('does not reconnect on close codes 1000 and 4003', () => {
    expect([...SOCKET_NO_RECONNECT_CLOSE_CODES].sort()).toEqual([1000, 4003]);
  });

  it('formats dates as MM/dd/yyyy', () => {
    expect(DATE_FORMAT).toBe('MM/dd/yyyy');
  });

  it('has a coral red primary and a teal interactive colour', () => {
    expect(THEME_COLORS.primary).toMatch(/^#[0-9A-F]{6}$/i);
    expect(THEME_COLORS.interactive).toMatch(/^#[0-9A-F]{6}$/i);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(THEME_COLORS.primary.slice(i, i + 2), 16)) as [number, number, number];
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(b + 60);
    const [tr, tg, tb] = [1, 3, 5].map((i) => parseInt(THEME_COLORS.interactive.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(tr).toBeLessThan(tg);
    expect(Math.abs(tg - tb)).toBeLessThan(40);
  });

  it('names the stored client keys', () => {
    expect(STORAGE_KEYS.selectedPlan).toBe('selected_plan');
    expect(STORAGE_KEYS.organizationId).toBe('organization_id');
    expect(STORAGE_KEYS.coupon).toBeTruthy();
    expect(STORAGE_KEYS.token).toBeTruthy();
    expect(STORAGE_KEYS.currentOffice).toBeTruthy();
    expect(new Set(Object.values(STORAGE_KEYS)).size).toBe(Object.values(STORAGE_KEYS).length);
    expect(LOCAL_SETTINGS_KEY_PREFIX).toBeTruthy();
  });
});

describe('feature flags', () => {
  it('lists every flag of section 9 with the product name in PAST_{product}ATIONS_ENABLED', () => {
    for (const name of [
      'adapters-3rd-party',
      'MAINTANANCE_LOCK',
      'DOMAIN_ENV_MAP',
      'PAST_VERIFICATIONS_ENABLED',
      'FD_NEW_TYPE',
      'SCORE_DOWN_ON_PERIOD_BREAK',
      'USER_GUIDE_PDF',
      'ARCHIVISATION_DELAY',
      'MAXIMUM_FREEMIUM_USERS',
      'TEST_PLANS_ON_SCORE_DROP',
      'RECOMMENDATIONS_ENABLED',
      'PORTAL_AI_ENABLED',
      'PORTAL_AI_CREDENTIALS_ENABLED',
      'DENTAL_XCHANGE_CREDENTIALS_ENABLED',
    ]) {
      expect(FEATURE_FLAG_NAMES).toContain(name);
    }
    // two payment flags, an announcement widget URL and the payment provider's key
    expect(FEATURE_FLAG_NAMES).toHaveLength(18);
    expect(new Set(FEATURE_FLAG_NAMES).size).toBe(18);
    expect(FEATURE_FLAGS.ANNOUNCEMENT_WIDGET_URL.type).toBe('string');
    expect(FEATURE_FLAGS.PAYMENT_PROVIDER_PUBLIC_KEY.type).toBe('string');
    expect(FEATURE_FLAGS.DOMAIN_ENV_MAP.type).toBe('object');
    expect(FEATURE_FLAGS.ARCHIVISATION_DELAY.type).toBe('integer');
    expect(FEATURE_FLAGS.MAXIMUM_FREEMIUM_USERS.type).toBe('integer');
  });

  it.each([null, undefined, '', '   '])('an empty integer flag (%p) reads -1', (value) => {
    expect(flagValue('integer', value)).toBe(-1);
  });

  it.each([null, undefined, '', '  '])('an empty object flag (%p) reads {}', (value) => {
    expect(flagValue('object', value)).toEqual({});
  });

  it('reads stored text as its type', () => {
    expect(flagValue('integer', '30')).toBe(30);
    expect(flagValue('integer', 7)).toBe(7);
    expect(flagValue('integer', 'soon')).toBe(-1);
    expect(flagValue('integer', 1.5)).toBe(-1);
    expect(flagValue('object', '{"app.example.com":"prod"}')).toEqual({ 'app.example.com': 'prod' });
    expect(flagValue('object', { a: 1 })).toEqual({ a: 1 });
    expect(flagValue('object', '[1]')).toEqual({});
    expect(flagValue('object', '{broken')).toEqual({});
    expect(flagValue('string', 'https://widget')).toBe('https://widget');
    expect(flagValue('string', null)).toBe('');
    expect(flagValue('none', 'anything')).toBeNull();
  });

  it('integer flags always read an integer', () => {
    fc.assert(fc.property(fc.anything(), (value) => Number.isInteger(flagValue('integer', value))));
  });

  it('looks flags up by name; a missing or inactive flag reads its default', () => {
    const flags = [
      { name: 'MAINTANANCE_LOCK', type: 'none' as const, value: null, isActive: true },
      { name: 'ARCHIVISATION_DELAY', type: 'integer' as const, value: '14', isActive: true },
      { name: 'MAXIMUM_FREEMIUM_USERS', type: 'integer' as const, value: '3', isActive: false },
      { name: 'DOMAIN_ENV_MAP', type: 'object' as const, value: '{"a.test":"dev"}', isActive: true },
    ];
    expect(isFeatureActive(flags, 'MAINTANANCE_LOCK')).toBe(true);
    expect(isFeatureActive(flags, 'PAYMENTS_CONTINUOUS')).toBe(false);
    expect(featureFlagValue(flags, 'ARCHIVISATION_DELAY')).toBe(14);
    expect(featureFlagValue(flags, 'MAXIMUM_FREEMIUM_USERS')).toBe(-1);
    expect(featureFlagValue(flags, 'DOMAIN_ENV_MAP')).toEqual({ 'a.test': 'dev' });
    expect(featureFlagValue(flags, 'ADAPTERS_3RD_PARTY')).toEqual({});
    expect(featureFlagValue(flags, 'USER_GUIDE_PDF')).toBe('');
  });
});

describe('user-visible texts, verbatim from the specification', () => {
  // Transcribed from SPEC sections 2, 4, 5, 7 and 8.
  it.each([
    ['ORGANIZATION_PROMPT_TITLE', 'Enter organization name'],
    ['ORGANIZATION_PROMPT_CONTINUE', 'CONTINUE'],
    ['ORGANIZATION_NAME_EMPTY', 'Fill organization name first!'],
    ['ORGANIZATION_NAME_TOO_SHORT', 'Organization name is too short!'],
    ['MAINTENANCE_LOCK_TITLE', 'Maintanance lock!'],
    ['PORTAL_CREDENTIALS_TITLE', 'Portal Credentials Management'],
    ['NO_PORTALS_AVAILABLE', 'No portals available'],
    ['NO_PORTALS_HINT', 'Contact your administrator to set up portal integrations.'],
    ['CREDENTIAL_STATUS_ACTIVE', 'Active'],
    ['CREDENTIAL_STATUS_VALID', 'Valid'],
    ['BUTTON_LOGIN', 'Login'],
    ['BUTTON_EDIT', 'Edit'],
    ['BUTTON_DELETE', 'Delete'],
    ['BUTTON_COPY_TO_CLIPBOARD', 'Copy to Clipboard'],
    ['BUTTON_CLOSE', 'Close'],
    ['BUTTON_SEND', 'Send'],
    ['FAILED_TO_LOAD_PORTALS', 'Failed to load portals'],
    ['FAILED_TO_LOAD_CREDENTIALS', 'Failed to load credentials'],
    ['FAILED_TO_LOAD_PORTAL_CREDENTIALS_DATA', 'Failed to load portal credentials data'],
    ['FAILED_TO_DELETE_CREDENTIAL', 'Failed to delete credential'],
    ['UNKNOWN_ERROR_OCCURRED', 'An unknown error occurred'],
    ['USERNAME_REQUIRED', 'Username is required'],
    ['PASSWORD_REQUIRED', 'Password is required'],
    ['PASSWORD_KEEP_HINT', 'Leave empty to keep current password'],
    ['MFA_WAITING', 'Waiting for verification...'],
    ['MFA_FAILED', 'Failed to verify MFA code'],
    ['UNEXPECTED_ERROR', 'An unexpected error occurred'],
    ['NO_NOTIFICATIONS', 'No notifications'],
    ['NO_CONNECTION_TO_SERVER', 'No connection to server'],
    ['LOADING_PORTAL_DATA', 'Loading portal data...'],
    ['FIELD_REQUIRED', 'This field is required'],
    ['FILE_TOO_BIG', 'Your file is too big, please upload a smaller file. Max file size is 5 MB.'],
    ['BUG_REPORT_SENT', 'Bug report sent!'],
    ['SAVING', 'Saving. Wait...'],
    ['CHANGES_SAVED', 'Your changes has been saved.'],
    ['DATA_COPIED', 'Data copied to clipboard!'],
    ['GENERIC_ERROR', 'Unfortunately we encountered an error.'],
    ['EXTEND_SESSION', 'Extend session'],
    ['TOKEN_REFRESH_FROM_OTHER_TAB', 'Unauthorized - token refresh from other tab'],
    ['REQUEST_TIMEOUT', 'Request timeout'],
    ['BODY_IS_NOT_JSON', 'body is not a json!'],
    ['NOT_FOUND_ERROR', 'Not Found'],
    ['DENTAL_OFFICE_NOT_FOUND', 'Dental Office not found'],
    ['COMMUNICATION_ERROR', 'communication_error'],
    ['SOCKET_TOKEN_MAY_BE_EXPIRED', 'Authentication failed - token may be expired'],
    ['SOCKET_ACCESS_FORBIDDEN', 'Access forbidden'],
    ['SOCKET_CONNECTION_ERROR', 'Connection error occurred'],
    ['SOCKET_RECONNECT_FAILED', 'Failed to reconnect after maximum attempts'],
    ['SOCKET_UNKNOWN_SERVER_ERROR', 'Unknown server error'],
  ] as const)('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('fills placeholders', () => {
    expect(MESSAGES.SOCKET_AUTHENTICATION_FAILED('jwt expired')).toBe('Authentication failed: jwt expired');
    expect(MESSAGES.AUTH_API_UNKNOWN_ERROR('boom')).toBe('Unknown AUTH API error: boom');
    expect(MESSAGES.UNAUTHORIZED_ON_ENDPOINT('/api/portals')).toBe('Unauthorized - on endpoint (/api/portals)');
    expect(MESSAGES.MORE_CARRIERS(4)).toBe('+4 more');
  });

  it('words the texts the specification only describes', () => {
    expect(MESSAGES.MAINTENANCE_LOCK_TEXT).toMatch(/refresh automatically/);
    expect(MESSAGES.MAINTENANCE_LOCK_SIGNATURE).toMatch(/Team/);
    expect(MESSAGES.GENERIC_ERROR_ADVICE).toMatch(/Report Bug/);
  });

  it('labels the left side menu as screen 10 does', () => {
    expect(MENU_LABELS).toMatchObject({
      newVerification: 'New Verification',
      planSearch: 'Plan Search',
      management: 'Management',
      appointmentSchedule: 'Appointment Schedule',
      verificationsHistory: 'Verifications History',
      formCustomization: 'Form Customization',
      billingSettings: 'Billing Settings',
      dentalOfficeSettings: 'Dental Office Settings',
      userGuide: 'User Guide',
      bugReport: 'Bug report',
    });
  });

  it('labels every credential status (valid as Active) and every provider', () => {
    expect(CREDENTIAL_STATUS_LABELS.valid).toBe('Active');
    expect(Object.keys(CREDENTIAL_STATUS_LABELS).sort()).toEqual([...PORTAL_CREDENTIAL_STATUSES].sort());
    expect(Object.keys(PORTAL_PROVIDER_LABELS).sort()).toEqual([...PORTAL_PROVIDERS].sort());
  });

  it('gives the quoted info bar texts to their types', () => {
    expect(INFO_BAR_TEXTS.inprogress).toBe('Saving. Wait...');
    expect(INFO_BAR_TEXTS.saved).toBe('Your changes has been saved.');
    for (const type of Object.keys(INFO_BAR_TEXTS)) expect(INFO_BAR_TYPES).toContain(type);
  });
});
