/**
 * The names under which patient data (names, dates of birth, member ids, addresses) travels in request bodies,
 * documents and search queries. No log line carries a field of these names (services/kit's logger removes them
 * at any of its first levels of nesting), whatever object a service logs.
 */
export const PATIENT_DATA_FIELDS: readonly string[] = [
  // The patient and subscriber as a verification is created (PatientInfoInput) and stored (PatientInfoV3).
  'patientFirstName',
  'patientLastName',
  'patientDOB',
  'patientMemberId',
  'patientAddress',
  'subscriberFirstName',
  'subscriberLastName',
  'subscriberDOB',
  'subscriberMemberId',
  // Lists and portal requests (VerificationListItem.patient, PortalPatientIdentifiers) and history searches.
  'firstName',
  'lastName',
  'dob',
  'dateOfBirth',
  'memberId',
  'patientName',
  'patient',
  'subscriber',
];
