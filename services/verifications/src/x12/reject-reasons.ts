/**
 * AAA03 reject reasons and AAA04 follow-up actions of 005010X279A1, in the words the guide uses, so that a
 * rejected verification shows the office what the payer said.
 */
import { ownValue } from '@dv/contracts';

export const REJECT_REASONS: Readonly<Record<string, string>> = {
  '04': 'Authorized quantity exceeded',
  '15': 'Required application data missing',
  '41': 'Authorization/access restrictions',
  '42': 'Unable to respond at current time',
  '43': 'Invalid/missing provider identification',
  '44': 'Invalid/missing provider name',
  '45': 'Invalid/missing provider specialty',
  '46': 'Invalid/missing provider phone number',
  '47': 'Invalid/missing provider state',
  '48': 'Invalid/missing referring provider identification number',
  '49': 'Provider is not primary care physician',
  '50': 'Provider ineligible for inquiries',
  '51': 'Provider not on file',
  '52': 'Service dates not within provider plan enrollment',
  '53': 'Inquired benefit inconsistent with provider type',
  '54': 'Inappropriate product/service ID qualifier',
  '55': 'Inappropriate product/service ID',
  '56': 'Inappropriate date',
  '57': 'Invalid/missing date(s) of service',
  '58': 'Invalid/missing date of birth',
  '60': 'Date of birth follows date(s) of service',
  '61': 'Date of death precedes date(s) of service',
  '62': 'Date of service not within allowable inquiry period',
  '63': 'Date of service in future',
  '64': 'Invalid/missing patient ID',
  '65': 'Invalid/missing patient name',
  '66': 'Invalid/missing patient gender code',
  '67': 'Patient not found',
  '68': 'Duplicate patient ID number',
  '69': "Inconsistent with patient's age",
  '70': "Inconsistent with patient's gender",
  '71': 'Patient birth date does not match that for the patient on the database',
  '72': 'Invalid/missing subscriber/insured ID',
  '73': 'Invalid/missing subscriber/insured name',
  '74': 'Invalid/missing subscriber/insured gender code',
  '75': 'Subscriber/insured not found',
  '76': 'Duplicate subscriber/insured ID number',
  '77': 'Subscriber found, patient not found',
  '78': 'Subscriber/insured not in group/plan identified',
  '79': 'Invalid participant identification',
  '80': 'No response received - transaction terminated',
  '97': 'Invalid or missing provider address',
  T4: 'Payer name or identifier missing',
};

export const FOLLOW_UP_ACTIONS: Readonly<Record<string, string>> = {
  C: 'Please correct and resubmit',
  N: 'Resubmission not allowed',
  P: 'Please resubmit original transaction',
  R: 'Resubmission allowed',
  S: 'Do not resubmit; inquiry initiated to a third party',
  W: 'Please wait 30 days and resubmit',
  X: 'Please wait 10 days and resubmit',
  Y: 'Do not resubmit; we will hand over',
};

export function rejectReason(code: string): string {
  return ownValue(REJECT_REASONS, code) ?? `Rejected with reason code ${code}`;
}
