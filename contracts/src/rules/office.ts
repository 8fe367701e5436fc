/** Office capabilities read from office settings (SPEC section 6). */
import { PMS_TYPES, type PaymentType } from '../enums';
import { type OfficeSettings } from '../entities/office';

type Settings = Pick<OfficeSettings, 'scheduleIntegration' | 'outsource' | 'paymentType'> | null | undefined;

/** Any schedule integration is configured (practice management or manual). */
export function hasScheduleIntegration(settings: Settings): boolean {
  return Boolean(settings?.scheduleIntegration?.type);
}

/** Only the two named practice management systems count. */
export function hasPmsIntegration(settings: Settings): boolean {
  const pmsType = settings?.scheduleIntegration?.pmsType;
  return typeof pmsType === 'string' && (PMS_TYPES as readonly string[]).includes(pmsType);
}

export function canOutsource(settings: Settings): boolean {
  return settings?.outsource?.outsourceEnabled === true;
}

/** The office's payment type; undefined when unset. */
export function paymentTypeOf(settings: Settings): PaymentType | undefined {
  return settings?.paymentType ?? undefined;
}

/**
 * Offices with payment type auto, locked or unset pay by card themselves: the payment gate and Billing Settings
 * apply to them. Other types (manual, invoice) are billed outside the product.
 */
export function paysByCard(paymentType: PaymentType | null | undefined): boolean {
  return paymentType === undefined || paymentType === null || paymentType === 'auto' || paymentType === 'locked';
}
