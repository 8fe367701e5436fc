/**
 * The plan hash: what makes two patients' plans "the same plan" in an organization's plan library. It is the
 * SHA-256 of the payer id, the normalised group number and the plan's normalised values:
 * - every scored field reduced to its value (score and change history are how sure we are, not the plan);
 * - left out: the plan score, mapping info, caveats and notes (wording of the sources), the initiation date,
 *   the payer's address and contact data, the plan hash itself, user hashes and the last submission;
 * - texts trimmed, inner whitespace collapsed and upper-cased; keys sorted.
 * Patient-level data (remaining amounts, history) is not in the plan, so it never splits a group's plan.
 */
import { createHash } from 'node:crypto';
import { type PlanV3 } from '@dv/contracts';
import { canonicalJson } from '../scoring/same-value';

const LEFT_OUT = new Set(['score', 'mappingInfo', 'caveat', 'planNotes', 'planHash', 'userHashes', 'lastSubmission', 'scoringEngineVersion']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalize(node: unknown): unknown {
  if (typeof node === 'string') return node.trim().replace(/\s+/g, ' ').toUpperCase();
  if (Array.isArray(node)) return node.map(normalize);
  if (!isRecord(node)) return node;
  if ('value' in node && typeof node.score === 'number') return normalize(node.value);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (LEFT_OUT.has(key) || value === undefined) continue;
    result[key] = normalize(value);
  }
  return result;
}

export function normalizeGroupNumber(groupNumber: string | null | undefined): string | null {
  const normalized = groupNumber?.trim().replace(/\s+/g, '').toUpperCase() ?? '';
  return normalized === '' ? null : normalized;
}

export function planHash(payerId: string, plan: PlanV3): string {
  const { details, sponsor, benefits, planMetadata } = plan;
  const { initiationDate: _initiation, ...detailValues } = details;
  const values = { details: detailValues, sponsor, benefits, planMetadata };
  const text = canonicalJson({
    payerId: payerId.trim().toUpperCase(),
    groupNumber: normalizeGroupNumber(sponsor.groupNumber.value),
    values: normalize(values),
  });
  return createHash('sha256').update(text).digest('hex');
}
