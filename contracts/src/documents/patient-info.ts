/** Who the patient and the subscriber are, as the practice management integration sent them. */
import { z } from 'zod';
import { RelationToSubscriber } from '../enums';
import { PatientDateV1, PatientDateV2, PatientDateV3 } from './dates';

function patientInfoShape<D extends z.ZodType>(patientDate: D) {
  return {
    patientFirstName: z.string(),
    patientLastName: z.string(),
    patientDOB: patientDate,
    patientMemberId: z.string(),
    patientAddress: z.string().optional(),
    patientRelationToSubscriber: RelationToSubscriber,
    subscriberFirstName: z.string().optional(),
    subscriberLastName: z.string().optional(),
    subscriberDOB: patientDate.optional(),
    subscriberMemberId: z.string().optional(),
  };
}

export const PatientInfoV1 = z.looseObject(patientInfoShape(PatientDateV1));
export const PatientInfoV2 = z.looseObject(patientInfoShape(PatientDateV2));
export const PatientInfoV3 = z.strictObject(patientInfoShape(PatientDateV3));

export type PatientInfoV1 = z.infer<typeof PatientInfoV1>;
export type PatientInfoV2 = z.infer<typeof PatientInfoV2>;
export type PatientInfoV3 = z.infer<typeof PatientInfoV3>;
