/** The X12 codes the 271 mapping decides by (EB01 kinds, EB02 coverage levels, EB06 and HSD05 periods, qualifiers). */
import { ownValue } from '@dv/contracts';
import { COVERAGE_LEVELS } from '../x12-dictionary';

/** EB01 codes of active and inactive coverage. */
export const ACTIVE = new Set(['1', '2', '3', '4', '5']);
export const INACTIVE = new Set(['6', '7', '8']);
/** EB01 codes that carry a value for the plan (as opposed to status, descriptions or contacts). */
export const VALUE_ROWS = new Set(['A', 'B', 'C', 'F', 'I']);
/** EB01 codes about this member rather than the plan (another payer, an assigned provider, a lost card ...). */
export const MEMBER_INFO = new Set(['L', 'MC', 'N', 'R', 'S', 'T', 'U', 'V', 'W', 'X']);

/** EB02 coverage levels that speak for the member alone. */
export const MEMBER_LEVELS = new Set(['', 'IND', 'EMP']);
export const EXCEPTION_OF_LEVEL: Readonly<Record<string, 'child' | 'dependent'>> = { CHD: 'child', DEP: 'dependent' };
export const coverageLevelLabel = (level: string): string => ownValue(COVERAGE_LEVELS, level) ?? `Coverage level ${level}`;

/** EB06 (and HSD05) periods of a benefit year. */
export const BENEFIT_YEAR_PERIODS = new Set(['', '22', '23', '25']);
export const CALENDAR_YEAR = '23';
export const REMAINING = '29';
export const LIFETIME = '32';
export const LIFETIME_REMAINING = '33';
/** Periods (EB06, HSD05) of counts about the patient: year to date, remaining, exceeded, not exceeded, lifetime remaining. */
export const PATIENT_PERIODS = new Set(['24', REMAINING, '30', '31', LIFETIME_REMAINING]);

/** EB09 qualifiers read as ages (S7 maximum, S8 minimum) and as the quantity used. */
export const AGE_QUALIFIERS = new Set(['S7', 'S8']);
export const QUANTITY_USED = '99';

/** DTP qualifier of the latest visit. */
export const LAST_VISIT = '304';
/** REF qualifiers of the group number, and of a group or policy number. */
export const GROUP_NUMBER = '6P';
export const GROUP_OR_POLICY_NUMBER = '1L';
