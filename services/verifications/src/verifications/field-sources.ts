/**
 * Where each scored value of a ticket came from, worked out when the ticket is read: for every scored field of
 * the merged patient and plan, the successful source jobs whose own result states the same value, and those that
 * state another one (the conflict a person may want to see). Pure. A user-confirmed value (score 4) names the
 * user. Nothing is stored: the jobs keep their results, and the merge's choice is the ticket itself.
 */
import { type FieldSources, type PatientV3, type PlanV3, type SourceRef } from '@dv/contracts';
import { jobResultOf, type JobDocument } from '../jobs/jobs.store';
import { SCORE } from '../scoring/field-priority';
import { sameValue } from '../scoring/same-value';

type Node = Record<string, unknown>;

function isRecord(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScored(value: unknown): value is { value: unknown; score: number } {
  return isRecord(value) && 'value' in value && typeof value.score === 'number';
}

/** Every scored field under the node, by dotted path. */
function scoredFields(node: unknown, path: string, into: Map<string, { value: unknown; score: number }>): void {
  if (isScored(node)) {
    into.set(path, node);
    return;
  }
  if (!isRecord(node)) return;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'mappingInfo' || key === 'changeHistory') continue;
    scoredFields(child, `${path}.${key}`, into);
  }
}

function nodeAt(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (!isRecord(node) || !Object.hasOwn(node, segment)) return undefined;
    node = node[segment];
  }
  return node;
}

export function fieldSourcesOf(
  wrapper: { readonly plan: PlanV3 | null; readonly patient: PatientV3 },
  jobs: readonly Pick<JobDocument, 'source' | 'sourceName' | 'status' | 'outcome' | 'resultJson'>[],
): FieldSources {
  const fields = new Map<string, { value: unknown; score: number }>();
  scoredFields(wrapper.plan, 'plan', fields);
  scoredFields(wrapper.patient, 'patient', fields);
  const results = jobs.flatMap((job) => {
    const result = job.status === 'done' && job.outcome === 'success' ? jobResultOf(job) : null;
    return result === null ? [] : [{ ref: { source: job.source, sourceName: job.sourceName } satisfies SourceRef, result }];
  });

  const sources: FieldSources = {};
  for (const [path, field] of fields) {
    if (field.score >= SCORE.userConfirmed) {
      sources[path] = { stated: [{ source: 'user', sourceName: 'user' }], disputed: [] };
      continue;
    }
    const [root, ...rest] = path.split('.');
    const stated: SourceRef[] = [];
    const disputed: FieldSources[string]['disputed'] = [];
    for (const { ref, result } of results) {
      const own = nodeAt(root === 'plan' ? result.plan : result.patient, rest);
      if (!isScored(own) || own.value === null || own.value === undefined) continue;
      if (sameValue(own.value, field.value)) stated.push(ref);
      else disputed.push({ ...ref, value: own.value as FieldSources[string]['disputed'][number]['value'] });
    }
    if (stated.length > 0 || disputed.length > 0) sources[path] = { stated, disputed };
  }
  return sources;
}
