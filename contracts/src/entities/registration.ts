/**
 * A dental practice's own details and its registration (issue 18, item 8): what a signed-up user with no office
 * sends on /register-do (SPEC sections 4 and 6) to register their practice, and the details the office's managers
 * keep on /dental-office-settings. The NPI is checked with the Luhn rule of the NPI standard (rules/npi.ts); the
 * tax id is the federal employer identification number (EIN); address and phone are United States ones.
 * Texts are trimmed and normalized (EIN as 12-3456789, phone as (555) 123-4567) so every office stores them alike.
 */
import { z } from 'zod';
import { OfficePlanType, STATE_CODES, type StateCode } from '../enums';
import { npiProblem } from '../rules/npi';
import { OfficeName } from './offices-admin';

const Id = z.string().min(1).max(128);

export const REGISTRATION_MESSAGES = {
  taxId: 'A tax id (EIN) is 9 digits, like 12-3456789',
  phone: 'Use a 10-digit US phone number, like (555) 123-4567',
  zipCode: 'Use a 5-digit ZIP code, or ZIP+4 like 12345-6789',
  state: 'Choose a state',
  required: 'This field is required',
  alreadyRegistered: 'You have registered a dental office already: sign in again to use it',
  notRegistering: 'Only a signed-up user without a dental office registers one here',
  otherOrganization: 'Your account belongs to another organization',
  noEmail: 'Your sign-in names no e-mail address: ask your administrator for an invitation',
  emailTaken: 'Another account uses your e-mail address: ask your administrator',
} as const;

/** Trimmed text of at most `max` characters, required. */
const requiredText = (max: number) =>
  z.string().trim().min(1, { error: REGISTRATION_MESSAGES.required }).max(max, { error: `At most ${max} characters` });

/** 12-3456789 or 123456789 -> 12-3456789. */
export const TaxId = z
  .string()
  .trim()
  .max(20, { error: REGISTRATION_MESSAGES.taxId })
  .regex(/^\d{2}-?\d{7}$/, { error: REGISTRATION_MESSAGES.taxId })
  .transform((text) => {
    const digits = text.replace(/\D/g, '');
    return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  });

/**
 * A North American number of the United States: 10 digits (an optional leading 1 or +1), written with spaces,
 * dots, dashes or parentheses as people do; area code and exchange start with 2-9 (the numbering plan's rule).
 * Stored as (555) 123-4567.
 */
export const UsPhone = z
  .string()
  .trim()
  .max(30, { error: REGISTRATION_MESSAGES.phone })
  .regex(/^[\d\s().+-]+$/, { error: REGISTRATION_MESSAGES.phone })
  .transform((text) => text.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
  .refine((digits) => /^[2-9]\d{2}[2-9]\d{6}$/.test(digits), { error: REGISTRATION_MESSAGES.phone })
  .transform((digits) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);

/** Ten digits whose check digit the NPI standard's Luhn rule accepts. */
export const Npi = z
  .string()
  .trim()
  .max(20)
  .superRefine((npi, context) => {
    const problem = npiProblem(npi);
    if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
  });

export const STATE_CODE_LIST = Object.values(STATE_CODES) as [StateCode, ...StateCode[]];
export const UsStateCode = z.enum(STATE_CODE_LIST, { error: REGISTRATION_MESSAGES.state });

export const OfficeAddress = z.strictObject({
  street1: requiredText(200),
  street2: z.string().trim().max(200).optional(),
  city: requiredText(100),
  state: UsStateCode,
  zipCode: z.string().trim().max(10, { error: REGISTRATION_MESSAGES.zipCode }).regex(/^\d{5}(-\d{4})?$/, { error: REGISTRATION_MESSAGES.zipCode }),
});
export type OfficeAddress = z.infer<typeof OfficeAddress>;

/** The practice's own details, each required where it is asked for. */
const practiceDetailsShape = {
  npi: Npi,
  taxId: TaxId,
  address: OfficeAddress,
  phone: UsPhone,
};

/** POST /api/registration/office: the practice to register; the office goes into the user's own organization. */
export const OfficeRegistrationInput = z.strictObject({ name: OfficeName, ...practiceDetailsShape });
export type OfficeRegistrationInput = z.infer<typeof OfficeRegistrationInput>;

/**
 * What a registration answers: the new office and the role the user holds there from now on (null for a super
 * administrator, who acts for every office of the organization already). The user's token still names no office:
 * the SPA renews it (silently) so that the new office and role apply.
 */
export const OfficeRegistration = z.object({
  officeId: Id,
  name: z.string().min(1),
  planType: OfficePlanType,
  role: z.literal('staffmanager').nullable(),
});
export type OfficeRegistration = z.infer<typeof OfficeRegistration>;

/** PATCH /api/management/offices/{id}/details: the details to change; absent ones stay. */
export const OfficeDetailsPatch = z
  .strictObject({
    npi: Npi.optional(),
    taxId: TaxId.optional(),
    address: OfficeAddress.optional(),
    phone: UsPhone.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Name at least one detail to change' });
export type OfficeDetailsPatch = z.infer<typeof OfficeDetailsPatch>;

/** Settings of an office (office.ts OfficeSettings) that someone may change. */
export const OFFICE_SETTING_FIELDS = ['scheduleIntegration', 'outsource', 'paymentType', 'ableToFullfillForm'] as const;
export const OfficeSettingField = z.enum(OFFICE_SETTING_FIELDS);
export type OfficeSettingField = z.infer<typeof OfficeSettingField>;

/**
 * GET /api/management/offices/{id}/details: the office as its settings page shows it. Details not given yet are
 * null (an office created on /management has none). `editable` says what the caller may change, as the service
 * decides it, so that the page draws the rest read-only: the details themselves, and which settings
 * (PATCH /api/management/offices/{id}/settings).
 */
export const OfficeDetails = z.object({
  officeId: Id,
  name: z.string().min(1),
  planType: OfficePlanType,
  npi: z.string().nullable(),
  taxId: z.string().nullable(),
  address: z
    .object({ street1: z.string(), street2: z.string().optional(), city: z.string(), state: z.string(), zipCode: z.string() })
    .nullable(),
  phone: z.string().nullable(),
  editable: z.object({ details: z.boolean(), settings: z.array(OfficeSettingField) }),
});
export type OfficeDetails = z.infer<typeof OfficeDetails>;
