/**
 * What every workload of k8s/ must have, as lists of problems (empty when all is well) so that a failing test
 * names each one: probes, resources, a non-root container, and for Deployments a PodDisruptionBudget and an
 * autoscaler; and which variables each service reads that nothing provides.
 */
import { type z } from 'zod';
import { type Container, type K8sObject, type LabelSelector, ofKind, selectorMatches, type Workload } from './manifests';
import { containerEnv, type EnvSource, envFields } from './workload-env';

/** The product's image (./Dockerfile), whatever registry and tag an overlay gives it. */
export function isProductImage(image: string): boolean {
  return /(^|\/)verific(:[\w.-]+)?$/.test(image);
}

function containerProblems(workload: Workload, container: Container): string[] {
  const where = `${workload.kind} ${workload.name}, container ${container.name}`;
  const problems: string[] = [];
  const { requests = {}, limits = {} } = container.resources ?? {};
  for (const resource of ['cpu', 'memory']) {
    if (requests[resource] === undefined) problems.push(`${where}: no ${resource} request`);
    if (limits[resource] === undefined) problems.push(`${where}: no ${resource} limit`);
  }
  if (workload.kind !== 'Job') {
    if (!container.livenessProbe) problems.push(`${where}: no liveness probe`);
    if (!container.readinessProbe) problems.push(`${where}: no readiness probe`);
  }
  const security = container.securityContext ?? {};
  if (security.runAsNonRoot !== true && workload.pod.securityContext?.runAsNonRoot !== true) problems.push(`${where}: may run as root`);
  if (security.allowPrivilegeEscalation !== false) problems.push(`${where}: privilege escalation not turned off`);
  if (!(security.capabilities?.drop ?? []).includes('ALL')) problems.push(`${where}: capabilities not dropped`);
  if (isProductImage(container.image)) {
    // The kit's probes: /healthz while the process lives, /readyz while its store, bus (and Redis) answer.
    if (workload.kind !== 'Job' && container.livenessProbe?.httpGet?.path !== '/healthz') problems.push(`${where}: liveness is not GET /healthz`);
    if (workload.kind !== 'Job' && container.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${where}: readiness is not GET /readyz`);
    if (security.readOnlyRootFilesystem !== true) problems.push(`${where}: root file system is writable`);
  }
  return problems;
}

/** Probes, resources and security of every workload; a PDB for every Deployment, an autoscaler unless `single`. */
export function workloadProblems(objects: readonly K8sObject[], workloads: readonly Workload[], single: ReadonlySet<string>): string[] {
  const budgets = ofKind(objects, 'PodDisruptionBudget');
  const autoscalers = ofKind(objects, 'HorizontalPodAutoscaler');
  const problems = workloads.flatMap((workload) => workload.pod.containers.flatMap((container) => containerProblems(workload, container)));
  for (const workload of workloads.filter(({ kind }) => kind === 'Deployment')) {
    const budget = budgets.filter((pdb) => selectorMatches((pdb.spec as { selector: LabelSelector }).selector, workload.labels));
    if (budget.length !== 1) problems.push(`Deployment ${workload.name}: ${budget.length} PodDisruptionBudgets select it`);
    const scaler = autoscalers.filter((hpa) => (hpa.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef.name === workload.name);
    const replicas = (workload.object.spec as { replicas?: number }).replicas;
    if (single.has(workload.name)) {
      if (scaler.length > 0 || replicas !== 1) problems.push(`Deployment ${workload.name}: keeps state in files, so one replica and no autoscaler`);
    } else {
      if (scaler.length !== 1) problems.push(`Deployment ${workload.name}: ${scaler.length} HorizontalPodAutoscalers scale it`);
      // An apply would reset what the autoscaler decided.
      if (replicas !== undefined) problems.push(`Deployment ${workload.name}: sets replicas beside its autoscaler`);
    }
  }
  return problems;
}

/** Variables a service leaves unset on purpose (optional ones, without a default of the service), and why. */
export type UnsetOnPurpose = Readonly<Record<string, Readonly<Record<string, string>>>>;

export interface ServiceEnv {
  readonly workload: Workload;
  readonly schema: z.ZodType;
  readonly fields: Map<string, 'required' | 'default' | 'optional'>;
  readonly env: Map<string, EnvSource>;
}

/** Each product container with its schema and its assembled environment. */
export function serviceEnvs(
  workloads: readonly Workload[],
  configMaps: ReadonlyMap<string, Readonly<Record<string, string>>>,
  schemas: Readonly<Record<string, z.ZodType>>,
): { envs: ServiceEnv[]; problems: string[] } {
  const envs: ServiceEnv[] = [];
  const problems: string[] = [];
  for (const workload of workloads) {
    for (const container of workload.pod.containers.filter(({ image }) => isProductImage(image))) {
      const schema = schemas[workload.name];
      if (schema === undefined) {
        problems.push(`${workload.kind} ${workload.name}: runs the product's image, but the test knows no environment schema for it`);
        continue;
      }
      const assembled = containerEnv(container, configMaps);
      problems.push(...assembled.problems.map((problem) => `${workload.name}: ${problem}`));
      envs.push({ workload, schema, fields: envFields(schema), env: assembled.env });
    }
  }
  return { envs, problems };
}

/**
 * Every variable a service reads is given (a ConfigMap, a Secret reference, a literal), defaulted by the service,
 * or unset on purpose; and every variable given is read: by the container itself, or, for a ConfigMap several
 * workloads share, by one of them.
 */
export function coverageProblems(envs: readonly ServiceEnv[], unset: (workload: string) => Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  const sharedReaders = new Map<string, Set<string>>();
  for (const { workload, fields, env } of envs) {
    const onPurpose = unset(workload.name);
    for (const [name, presence] of fields) {
      const given = env.has(name);
      if (given && onPurpose[name] !== undefined) problems.push(`${workload.name}: ${name} is given, yet listed as unset on purpose`);
      if (!given && presence === 'required') problems.push(`${workload.name}: reads ${name} (required), which nothing gives`);
      if (!given && presence === 'optional' && onPurpose[name] === undefined) {
        problems.push(`${workload.name}: reads ${name}, which nothing gives (give it, or list it as unset on purpose with why)`);
      }
    }
    for (const [name, source] of env) {
      if (source.kind === 'configMap') {
        const readers = sharedReaders.get(`${source.configMap}/${name}`) ?? new Set<string>();
        if (fields.has(name)) readers.add(workload.name);
        sharedReaders.set(`${source.configMap}/${name}`, readers);
      } else if (!fields.has(name)) {
        problems.push(`${workload.name}: is given ${name}, which it does not read`);
      }
    }
  }
  for (const [key, readers] of sharedReaders) if (readers.size === 0) problems.push(`ConfigMap ${key}: no workload that gets it reads it`);
  return problems;
}
