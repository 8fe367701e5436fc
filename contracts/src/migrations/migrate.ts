/**
 * Migrations of stored ticket wrappers and plans between schema versions 1, 2 and 3, in either direction,
 * one version at a time (1 <-> 2 <-> 3). Inputs are never mutated; the result shares nothing with the input.
 */
import { type DocObject, requireWrapper } from './document-shape';
import { MigrationError, type MigrationLog, SILENT_LOG } from './errors';
import { planV1toV2, planV2toV1, wrapperV1toV2, wrapperV2toV1 } from './v1-v2';
import { planV2toV3, planV3toV2, wrapperV2toV3, wrapperV3toV2 } from './v2-v3';

type SchemaVersion = 1 | 2 | 3;

type Hop = {
  readonly from: SchemaVersion;
  readonly to: SchemaVersion;
  readonly wrapper: (wrapper: DocObject, log: MigrationLog) => DocObject;
  readonly plan: (plan: unknown, log: MigrationLog) => unknown;
};

const HOPS: readonly Hop[] = [
  { from: 1, to: 2, wrapper: (w) => wrapperV1toV2(w), plan: (p) => planV1toV2(p) },
  { from: 2, to: 1, wrapper: (w) => wrapperV2toV1(w), plan: (p) => planV2toV1(p) },
  { from: 2, to: 3, wrapper: (w) => wrapperV2toV3(w), plan: (p) => planV2toV3(p) },
  { from: 3, to: 2, wrapper: wrapperV3toV2, plan: planV3toV2 },
];

function isSchemaVersion(value: unknown): value is SchemaVersion {
  return value === 1 || value === 2 || value === 3;
}

function requireVersion(value: unknown): SchemaVersion {
  if (!isSchemaVersion(value)) throw new MigrationError(`Unknown schema version: ${JSON.stringify(value) ?? String(value)}`, value);
  return value;
}

/** The wrapper's schema version; a document without one is version 1. */
function versionOf(wrapper: DocObject): SchemaVersion {
  return wrapper.schemaVersion === undefined ? 1 : requireVersion(wrapper.schemaVersion);
}

function route(from: SchemaVersion, to: SchemaVersion): Hop[] {
  const hops: Hop[] = [];
  let at = from;
  while (at !== to) {
    const next = at < to ? at + 1 : at - 1;
    const hop = HOPS.find((h) => h.from === at && h.to === next);
    if (hop === undefined) throw new MigrationError(`No migration from schema version ${at} to ${next}`);
    hops.push(hop);
    at = hop.to;
  }
  return hops;
}

/**
 * The ticket wrapper `doc` in schema version `to`. A document without `schemaVersion` is version 1.
 * `log` receives what the migration drops or cannot derive (a cut draft, an unknown category number).
 */
export function migrateTicket(doc: unknown, to: 1 | 2 | 3, log: MigrationLog = SILENT_LOG): unknown {
  const wrapper = requireWrapper(doc);
  const target = requireVersion(to);
  return route(versionOf(wrapper), target).reduce((current, hop) => hop.wrapper(current, log), structuredClone(wrapper));
}

/** A plan stored on its own, from schema version `from` to `to`; a null plan stays null. */
export function migratePlan(plan: unknown, from: 1 | 2 | 3, to: 1 | 2 | 3, log: MigrationLog = SILENT_LOG): unknown {
  const hops = route(requireVersion(from), requireVersion(to));
  if (plan === null) return null;
  return hops.reduce<unknown>((current, hop) => hop.plan(current, log), structuredClone(plan));
}

function singleStep(doc: unknown, from: SchemaVersion, to: SchemaVersion, log: MigrationLog | undefined): unknown {
  const version = versionOf(requireWrapper(doc));
  if (version !== from) {
    throw new MigrationError(`Expected a schema version ${from} document, got version ${version}`, version);
  }
  return migrateTicket(doc, to, log);
}

export function migrateV1toV2(doc: unknown, log?: MigrationLog): unknown {
  return singleStep(doc, 1, 2, log);
}

export function migrateV2toV1(doc: unknown, log?: MigrationLog): unknown {
  return singleStep(doc, 2, 1, log);
}

export function migrateV2toV3(doc: unknown, log?: MigrationLog): unknown {
  return singleStep(doc, 2, 3, log);
}

export function migrateV3toV2(doc: unknown, log?: MigrationLog): unknown {
  return singleStep(doc, 3, 2, log);
}
