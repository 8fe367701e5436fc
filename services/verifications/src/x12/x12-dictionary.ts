/**
 * The meanings of the 271's coded values, in the words of 005010X279A1 (the source view explains a carrier's
 * answer with them, explain-271.ts; the segments' and elements' own names are in x12-element-names.ts). Codes the
 * mapping already knows come from their own modules (service types, reject reasons, follow-up actions, time
 * periods); the rest are the guide's code lists, cut to what eligibility answers use.
 */
import { ownValue } from '@dv/contracts';
import { describePeriod } from './frequency';
import { FOLLOW_UP_ACTIONS, REJECT_REASONS } from './reject-reasons';
import { DENTAL_SERVICE_TYPES } from './service-types';

type Codes = Readonly<Record<string, string>>;

/** EB01 eligibility or benefit information codes. */
export const EB01_CODES: Codes = {
  '1': 'Active coverage',
  '2': 'Active - full risk capitation',
  '3': 'Active - services capitated',
  '4': 'Active - services capitated to primary care physician',
  '5': 'Active - pending investigation',
  '6': 'Inactive',
  '7': 'Inactive - pending eligibility update',
  '8': 'Inactive - pending investigation',
  A: 'Co-insurance',
  B: 'Co-payment',
  C: 'Deductible',
  CB: 'Coverage basis',
  D: 'Benefit description',
  E: 'Exclusions',
  F: 'Limitations',
  G: 'Out of pocket (stop loss)',
  H: 'Unlimited',
  I: 'Non-covered',
  J: 'Cost containment',
  K: 'Reserve',
  L: 'Primary care provider',
  M: 'Pre-existing condition',
  MC: 'Managed care coordinator',
  N: 'Services restricted to following provider',
  O: 'Not deemed a medical necessity',
  P: 'Benefit disclaimer',
  Q: 'Second surgical opinion required',
  R: 'Other or additional payer',
  S: 'Prior year(s) history',
  T: 'Card(s) reported lost/stolen',
  U: 'Contact following entity for eligibility or benefit information',
  V: 'Cannot process',
  W: 'Other source of data',
  X: 'Health care facility',
  Y: 'Spend down',
};

/** EB02 coverage level codes. */
export const COVERAGE_LEVELS: Codes = {
  CHD: 'Children only',
  DEP: 'Dependents only',
  E1D: 'Employee and one dependent',
  E2D: 'Employee and two dependents',
  E3D: 'Employee and three dependents',
  E5D: 'Employee and one or more dependents',
  E6D: 'Employee and two or more dependents',
  E7D: 'Employee and three or more dependents',
  E8D: 'Employee and four or more dependents',
  E9D: 'Employee and five or more dependents',
  ECH: 'Employee and children',
  EMP: 'Employee only',
  ESP: 'Employee and spouse',
  FAM: 'Family',
  IND: 'Individual',
  SPC: 'Spouse and children',
  SPO: 'Spouse only',
  TWO: 'Two party',
};

/** EB03 service types beyond dental ones (DENTAL_SERVICE_TYPES) that dental payers still send. */
const OTHER_SERVICE_TYPES: Codes = {
  '1': 'Medical Care',
  '30': 'Health Benefit Plan Coverage',
  AL: 'Vision (Optometry)',
};

/** EB04 insurance type codes. */
export const INSURANCE_TYPES: Codes = {
  '12': 'Medicare Secondary Working Aged Beneficiary or Spouse with Employer Group Health Plan',
  '13': 'Medicare Secondary End-Stage Renal Disease Beneficiary',
  '14': 'Medicare Secondary, No-fault Insurance including Auto is Primary',
  '15': "Medicare Secondary Worker's Compensation",
  '16': 'Medicare Secondary Public Health Service (PHS) or Other Federal Agency',
  '41': 'Medicare Secondary Black Lung',
  '42': "Medicare Secondary Veteran's Administration",
  '43': 'Medicare Secondary Disabled Beneficiary Under Age 65 with Large Group Health Plan',
  '47': 'Medicare Secondary, Other Liability Insurance is Primary',
  AP: 'Auto Insurance Policy',
  C1: 'Commercial',
  CO: 'Consolidated Omnibus Budget Reconciliation Act (COBRA)',
  CP: 'Medicare Conditionally Primary',
  D: 'Disability',
  DB: 'Disability Benefits',
  EP: 'Exclusive Provider Organization (EPO)',
  FF: 'Family or Friends',
  GP: 'Group Policy',
  HM: 'Health Maintenance Organization (HMO)',
  HN: 'HMO - Medicare Risk',
  HS: 'Special Low Income Medicare Beneficiary',
  IN: 'Indemnity',
  IP: 'Individual Policy',
  LC: 'Long Term Care',
  LD: 'Long Term Policy',
  LI: 'Life Insurance',
  LT: 'Litigation',
  MA: 'Medicare Part A',
  MB: 'Medicare Part B',
  MC: 'Medicaid',
  MH: 'Medigap Part A',
  MI: 'Medigap Part B',
  MP: 'Medicare Primary',
  OT: 'Other',
  PE: 'Property Insurance - Personal',
  PL: 'Personal',
  PP: 'Personal Payment (Cash - No Insurance)',
  PR: 'Preferred Provider Organization (PPO)',
  PS: 'Point of Service (POS)',
  QM: 'Qualified Medicare Beneficiary',
  RP: 'Property Insurance - Real',
  SP: 'Supplemental Policy',
  TF: 'Tax Equity Fiscal Responsibility Act (TEFRA)',
  WC: "Workers' Compensation",
  WU: 'Wrap Up Policy',
};

/** EB09 and HSD01 quantity qualifiers. */
export const QUANTITY_QUALIFIERS: Codes = {
  '8H': 'Minimum',
  '99': 'Quantity used',
  CA: 'Covered - actual',
  CE: 'Covered - estimated',
  D3: 'Number of co-insurance days',
  DB: 'Deductible blood units',
  DY: 'Days',
  FL: 'Units',
  HS: 'Hours',
  LA: 'Life-time reserve - actual',
  LE: 'Life-time reserve - estimated',
  M2: 'Maximum',
  MN: 'Month',
  P6: 'Number of services or procedures',
  QA: 'Quantity approved',
  S7: 'Age, high value',
  S8: 'Age, low value',
  VS: 'Visits',
  YY: 'Years',
};

/** HSD03 units or bases for measurement. */
export const MEASUREMENT_UNITS: Codes = { DA: 'Days', MO: 'Months', VS: 'Visit', WK: 'Week', YR: 'Years' };

/** EB11 authorization indicator and EB12 in plan network indicator. */
export const AUTHORIZATION: Codes = { Y: 'Authorization or certification required', N: 'No authorization required', U: 'Unknown' };
export const NETWORK: Codes = { Y: 'In network', N: 'Out of network', W: 'Not applicable: in and out of network alike', U: 'Unknown' };

/** DTP01 date qualifiers of a 271. */
export const DATE_QUALIFIERS: Codes = {
  '096': 'Discharge',
  '102': 'Issue',
  '152': 'Effective date of change',
  '193': 'Period start',
  '194': 'Period end',
  '198': 'Completion',
  '290': 'Coordination of benefits',
  '291': 'Plan',
  '292': 'Benefit',
  '295': 'Primary care provider',
  '304': 'Latest visit or consultation',
  '307': 'Eligibility',
  '318': 'Added',
  '340': 'COBRA begin',
  '341': 'COBRA end',
  '342': 'Premium paid to date begin',
  '343': 'Premium paid to date end',
  '346': 'Plan begin',
  '347': 'Plan end',
  '348': 'Benefit begin',
  '349': 'Benefit end',
  '356': 'Eligibility begin',
  '357': 'Eligibility end',
  '382': 'Enrollment',
  '435': 'Admission',
  '442': 'Date of death',
  '458': 'Certification',
  '472': 'Service',
  '539': 'Policy effective',
  '540': 'Policy expiration',
  '636': 'Date of last update',
  '771': 'Status',
};

export const DATE_FORMATS: Codes = { D8: 'Date (CCYYMMDD)', RD8: 'Range of dates (CCYYMMDD-CCYYMMDD)' };

/** NM101 entity identifiers. */
export const ENTITY_IDENTIFIERS: Codes = {
  '03': 'Dependent',
  '13': 'Contracted service provider',
  '1I': 'Preferred provider organization (PPO)',
  '1P': 'Provider',
  '2B': 'Third-party administrator',
  '36': 'Employer',
  '73': 'Other physician',
  FA: 'Facility',
  GP: 'Gateway provider',
  GW: 'Group',
  I3: 'Independent physicians association (IPA)',
  IL: 'Insured or subscriber',
  LR: 'Legal representative',
  P3: 'Primary care provider',
  P4: 'Prior insurance carrier',
  P5: 'Plan sponsor',
  PR: 'Payer',
  PRP: 'Primary payer',
  SEP: 'Secondary payer',
  TTP: 'Tertiary payer',
  VN: 'Vendor',
  VY: 'Organization completing configuration change',
  X3: 'Utilization management organization',
  Y2: 'Managed care organization',
};

export const ENTITY_TYPES: Codes = { '1': 'Person', '2': 'Non-person entity' };

/** NM108 identification code qualifiers. */
export const ID_QUALIFIERS: Codes = {
  '24': "Employer's identification number",
  '34': 'Social security number',
  '46': 'Electronic transmitter identification number (ETIN)',
  FI: "Federal taxpayer's identification number",
  II: 'Standard unique health identifier',
  MI: 'Member identification number',
  NI: 'National Association of Insurance Commissioners (NAIC) identification',
  PI: 'Payor identification',
  PP: 'Pharmacy processor number',
  SV: 'Service provider number',
  XV: 'Centers for Medicare and Medicaid Services PlanID',
  XX: 'National provider identifier (NPI)',
};

/** REF01 reference qualifiers. */
export const REFERENCE_QUALIFIERS: Codes = {
  '18': 'Plan number',
  '1L': 'Group or policy number',
  '1W': 'Member identification number',
  '3H': 'Case number',
  '49': 'Family unit number',
  '6P': 'Group number',
  '9F': 'Referral number',
  ALS: 'Alternative list ID',
  CLI: 'Coverage list ID',
  CT: 'Contract number',
  EA: 'Medical record identification number',
  EJ: 'Patient account number',
  F6: 'Health insurance claim (HIC) number',
  FO: 'Drug formulary number',
  G1: 'Prior authorization number',
  GH: 'Identification card serial number',
  HJ: 'Identity card number',
  HPI: 'National provider identifier (NPI)',
  IG: 'Insurance policy number',
  M7: 'Medicare policy number',
  N6: 'Plan network identification number',
  NQ: 'Medicaid recipient identification number',
  Q4: 'Prior identifier number',
  SY: 'Social security number',
  TJ: "Federal taxpayer's identification number",
  Y4: 'Agency claim number',
};

export const CONTACT_FUNCTIONS: Codes = { IC: 'Information contact' };
export const COMMUNICATION_QUALIFIERS: Codes = {
  ED: 'Electronic data interchange access number',
  EM: 'Electronic mail',
  EX: 'Telephone extension',
  FX: 'Facsimile',
  TE: 'Telephone',
  UR: 'Uniform resource locator (URL)',
  WP: 'Work phone number',
};

export const GENDERS: Codes = { F: 'Female', M: 'Male', U: 'Unknown' };
export const INSURED_INDICATOR: Codes = { Y: 'Yes: the subscriber', N: 'No: a dependent' };
export const RELATIONSHIPS: Codes = {
  '01': 'Spouse',
  '18': 'Self',
  '19': 'Child',
  '20': 'Employee',
  '21': 'Unknown',
  '34': 'Other adult',
  '39': 'Organ donor',
  '40': 'Cadaver donor',
  '53': 'Life partner',
  G8: 'Other relationship',
};
export const STUDENT_STATUS: Codes = { F: 'Full-time', N: 'Not a student', P: 'Part-time' };

export const VALID_REQUEST: Codes = { Y: 'Yes: the request was valid', N: 'No: the request was not valid' };

export const HL_LEVEL_CODES: Codes = { '20': 'Information source', '21': 'Information receiver', '22': 'Subscriber', '23': 'Dependent' };
export const HL_CHILD_CODES: Codes = { '0': 'No subordinate level', '1': 'Subordinate levels follow' };
export const TRACE_TYPES: Codes = { '1': 'Current transaction trace number', '2': 'Referenced transaction trace number' };

export const ISA_CODES = {
  authorization: { '00': 'No authorization information present', '03': 'Additional data identification' } as Codes,
  security: { '00': 'No security information present', '01': 'Password' } as Codes,
  idQualifiers: {
    '01': 'Duns (Dun & Bradstreet)',
    '14': 'Duns plus suffix',
    '20': 'Health Industry Number (HIN)',
    '27': 'Carrier identification number (HCFA)',
    '28': 'Fiscal intermediary identification number (HCFA)',
    '29': 'Medicare provider and supplier identification number (HCFA)',
    '30': 'U.S. federal tax identification number',
    '33': 'NAIC company code',
    ZZ: 'Mutually defined',
  } as Codes,
  acknowledgment: { '0': 'No interchange acknowledgment requested', '1': 'Interchange acknowledgment requested' } as Codes,
  usage: { P: 'Production data', T: 'Test data' } as Codes,
  version: { '00501': 'X12 version 5010' } as Codes,
};

export const FUNCTIONAL_IDS: Codes = { HB: 'Eligibility, coverage or benefit information (271)', HS: 'Eligibility, coverage or benefit inquiry (270)' };
export const TRANSACTION_SETS: Codes = { '270': 'Eligibility, coverage or benefit inquiry', '271': 'Eligibility, coverage or benefit information' };
export const IMPLEMENTATION_GUIDES: Codes = { '005010X279A1': 'Health care eligibility benefit inquiry and response, 5010 (X279A1)' };
export const BHT_STRUCTURES: Codes = { '0022': 'Information source, information receiver, subscriber, dependent' };
export const BHT_PURPOSES: Codes = { '06': 'Confirmation', '11': 'Response', '13': 'Request' };
export const III_QUALIFIERS: Codes = { ZZ: 'Mutually defined (place of service)', ABK: 'Principal diagnosis (ICD-10)', ABF: 'Diagnosis (ICD-10)', BK: 'Principal diagnosis (ICD-9)', BF: 'Diagnosis (ICD-9)' };
export const PROCEDURE_QUALIFIERS: Codes = { AD: 'American Dental Association codes', CJ: 'Current Procedural Terminology (CPT)', HC: 'Healthcare Common Procedure Coding System (HCPCS)', ID: 'ICD-9-CM procedure', N4: 'National Drug Code' };

/** EB03's service type in words: the dental table first, then the few others dental payers send. */
export function serviceTypeName(code: string): string | undefined {
  return ownValue(DENTAL_SERVICE_TYPES, code)?.label ?? ownValue(OTHER_SERVICE_TYPES, code);
}

/** EB06 / HSD05 time period in words, undefined for a code the guide's list does not have. */
export function timePeriodName(code: string): string | undefined {
  const words = describePeriod(code);
  return words === code ? undefined : words;
}

export function rejectReasonName(code: string): string | undefined {
  return ownValue(REJECT_REASONS, code);
}

export function followUpActionName(code: string): string | undefined {
  return ownValue(FOLLOW_UP_ACTIONS, code);
}
