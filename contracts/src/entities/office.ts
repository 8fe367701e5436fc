/** Office settings (SPEC sections 3, 6, 7): integration, outsourcing, payment type, form fulfilment. */
import { z } from 'zod';
import { Integration, OfficePlanType, PaymentType } from '../enums';

export const ScheduleIntegration = z.object({
  /** How the schedule is fed: a practice-management integration or manual entry. */
  type: Integration.nullable().optional(),
  /** Practice management system name; only the two of PMS_TYPES count as a PMS integration. */
  pmsType: z.string().nullable().optional(),
  /** Provider-specific integration data (ids, subdomain ...). */
  integration: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type ScheduleIntegration = z.infer<typeof ScheduleIntegration>;

export const OfficeSettings = z.object({
  id: z.string().min(1),
  scheduleIntegration: ScheduleIntegration.nullable().optional(),
  outsource: z.object({ outsourceEnabled: z.boolean() }).nullable().optional(),
  /** Absent or null means unset. */
  paymentType: PaymentType.nullable().optional(),
  /** Spelling kept from the specification. */
  ableToFullfillForm: z.boolean().default(false),
});
export type OfficeSettings = z.infer<typeof OfficeSettings>;

/** GET /api/dentaloffice/{id}. */
export const DentalOffice = z.object({
  id: z.string().min(1),
  planType: OfficePlanType,
});
export type DentalOffice = z.infer<typeof DentalOffice>;

/**
 * GET /api/dentaloffice/user/all: the settings of every office the user may act for, each with the office's
 * display name (the office switcher shows it).
 */
export const UserOfficeSettings = OfficeSettings.extend({ name: z.string() });
export type UserOfficeSettings = z.infer<typeof UserOfficeSettings>;
export const UserOfficeSettingsReply = z.array(UserOfficeSettings);
export type UserOfficeSettingsReply = z.infer<typeof UserOfficeSettingsReply>;
