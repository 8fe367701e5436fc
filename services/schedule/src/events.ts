/**
 * What the schedule service publishes (through its outbox) and consumes.
 *
 * Publishes:
 * - TOPICS.scheduleVerificationRequests / `verification.requested` (VerificationRequestedPayload), keyed by the
 *   verification id the schedule chose: the verifications service creates it once. Service to service; it carries
 *   the patient information a verification needs and is never forwarded to browsers.
 * - TOPICS.schedule / `schedule.batch-progress` (ScheduleBatchProgressPayload), keyed by the batch: the realtime
 *   service forwards ids and counts to the office's browsers.
 *
 * Consumes:
 * - TOPICS.verificationReady / `verification.ready` and `verification.job-changed`, group `schedule`, idempotently
 *   (schedule/verification-events.ts): the chips, and the batch items waiting for them.
 */
import {
  EVENT_TYPES,
  TOPICS,
  type PatientInfoV3,
  type ScheduleBatchProgressPayload,
  type VerificationRequestedPayload,
} from '@dv/contracts';
import { type OutboxMessage } from '@dv/kit';
import { type BatchDocument } from './batch/batch.store';
import { type PmsCoverage, type PmsPatient } from './practice/practice-management';

export const SCHEDULE_GROUP = 'schedule';

/** The patient information a verification of this coverage needs, as an office would type it. */
export function patientInfoOf(patient: PmsPatient, coverage: PmsCoverage): PatientInfoV3 {
  const subscriber = coverage.subscriber ?? { firstName: patient.firstName, lastName: patient.lastName, dob: patient.dob, memberId: coverage.memberId };
  return {
    patientFirstName: patient.firstName,
    patientLastName: patient.lastName,
    patientDOB: patient.dob,
    patientMemberId: coverage.memberId,
    patientRelationToSubscriber: coverage.relationToSubscriber,
    subscriberFirstName: subscriber.firstName,
    subscriberLastName: subscriber.lastName,
    subscriberDOB: subscriber.dob,
    subscriberMemberId: subscriber.memberId,
  };
}

/** YYYY-MM-DD as MM/DD/YYYY (a verification's appointment day). */
export function usDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

export function requestMessage(payload: VerificationRequestedPayload, occurredAt: string): OutboxMessage<VerificationRequestedPayload> {
  return { topic: TOPICS.scheduleVerificationRequests, key: payload.verificationId, type: EVENT_TYPES.verificationRequested, occurredAt, payload };
}

export function progressMessage(batch: BatchDocument, occurredAt: string): OutboxMessage<ScheduleBatchProgressPayload> {
  return {
    topic: TOPICS.schedule,
    key: batch._id,
    type: EVENT_TYPES.scheduleBatchProgress,
    occurredAt,
    payload: { batchId: batch._id, date: batch.date, status: batch.status, total: batch.total, done: batch.done, orgId: batch.orgId, officeId: batch.officeId },
  };
}
