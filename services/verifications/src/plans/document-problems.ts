/**
 * What a mapping's own output breaks of the document rules (validatePlan version 3, PatientV3), as
 * `plan.<path>: <message>` and `patient.<path>: <message>` lines; empty when both documents are valid. The 271
 * and portal mappings each throw their own error when this is not empty: half a plan is never handed out.
 */
import { PatientV3, validatePlan, type PlanV3 } from '@dv/contracts';

export function documentProblems(plan: PlanV3, patient: PatientV3): string[] {
  const planCheck = validatePlan(plan, 3);
  const patientCheck = PatientV3.safeParse(patient);
  return [
    ...(planCheck.ok ? [] : planCheck.errors.map((error) => `plan.${error.path}: ${error.message}`)),
    ...(patientCheck.success ? [] : patientCheck.error.issues.map((issue) => `patient.${issue.path.join('.')}: ${issue.message}`)),
  ];
}
