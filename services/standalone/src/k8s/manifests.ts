/**
 * The k8s/ overlays as kubectl renders them (`kubectl kustomize`), and the parts of the objects the k8s test
 * reads: workloads (Deployments, StatefulSets, Jobs) with their pod templates, Services and label selectors.
 * kubectl comes from KUBECTL or the PATH (Debian's kubernetes-client package, whose kustomize is old).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
export const OVERLAYS = ['dev', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

export interface LabelSelector {
  readonly matchLabels?: Readonly<Record<string, string>>;
  readonly matchExpressions?: readonly { readonly key: string; readonly operator: string; readonly values?: readonly string[] }[];
}

export interface KeyRef {
  readonly name: string;
  readonly key: string;
  readonly optional?: boolean;
}

export interface EnvVar {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: { readonly configMapKeyRef?: KeyRef; readonly secretKeyRef?: KeyRef };
}

export interface EnvFromSource {
  readonly configMapRef?: { readonly name: string; readonly optional?: boolean };
  readonly secretRef?: { readonly name: string };
}

export interface Probe {
  readonly httpGet?: { readonly path?: string; readonly port: number | string };
  readonly tcpSocket?: { readonly port: number | string };
  readonly exec?: { readonly command: readonly string[] };
}

export interface Container {
  readonly name: string;
  readonly image: string;
  readonly command?: readonly string[];
  readonly ports?: readonly { readonly name?: string; readonly containerPort: number }[];
  readonly env?: readonly EnvVar[];
  readonly envFrom?: readonly EnvFromSource[];
  readonly livenessProbe?: Probe;
  readonly readinessProbe?: Probe;
  readonly resources?: {
    readonly requests?: Readonly<Record<string, string | number>>;
    readonly limits?: Readonly<Record<string, string | number>>;
  };
  readonly securityContext?: {
    readonly runAsNonRoot?: boolean;
    readonly allowPrivilegeEscalation?: boolean;
    readonly readOnlyRootFilesystem?: boolean;
    readonly capabilities?: { readonly drop?: readonly string[] };
  };
}

export interface PodSpec {
  readonly containers: readonly Container[];
  readonly securityContext?: { readonly runAsNonRoot?: boolean };
  readonly automountServiceAccountToken?: boolean;
}

export interface K8sObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: {
    readonly name: string;
    readonly namespace?: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly annotations?: Readonly<Record<string, string>>;
  };
  readonly spec?: Record<string, unknown>;
  readonly data?: Readonly<Record<string, string>>;
  readonly stringData?: Readonly<Record<string, string>>;
}

export interface Workload {
  readonly kind: 'Deployment' | 'StatefulSet' | 'Job';
  readonly name: string;
  readonly object: K8sObject;
  /** The pod template's labels. */
  readonly labels: Readonly<Record<string, string>>;
  readonly pod: PodSpec;
}

export interface ServicePort {
  readonly name?: string;
  readonly port: number;
  readonly targetPort?: number | string;
}

export type Kubectl = { readonly available: true; readonly command: string; readonly version: string } | { readonly available: false; readonly reason: string };

/** KUBECTL, else `kubectl` on the PATH; unavailable (with the reason) when it does not run. */
export function findKubectl(env: NodeJS.ProcessEnv = process.env): Kubectl {
  const command = env.KUBECTL?.trim() || 'kubectl';
  const probe = spawnSync(command, ['version', '--client'], { encoding: 'utf8', timeout: 60_000 });
  if (probe.error !== undefined || probe.status !== 0) {
    return { available: false, reason: `${command} not found or not runnable (apt-get install kubernetes-client; or set KUBECTL)` };
  }
  return { available: true, command, version: probe.stdout.split('\n')[0]?.trim() ?? '' };
}

/** `kubectl kustomize k8s/overlays/<overlay>`, parsed; stderr (deprecation warnings of a new kustomize) is dropped. */
export function renderOverlay(kubectl: string, overlay: Overlay): K8sObject[] {
  const result = spawnSync(kubectl, ['kustomize', path.join(REPO_ROOT, 'k8s', 'overlays', overlay)], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 32 * 1024 * 1024,
  });
  if (result.error !== undefined || result.status !== 0) {
    throw new Error(`kubectl kustomize k8s/overlays/${overlay} failed: ${result.error?.message ?? result.stderr}`);
  }
  return parseAllDocuments(result.stdout)
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

export function selectorMatches(selector: LabelSelector, labels: Readonly<Record<string, string>>): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  return (
    byLabel &&
    (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      const value = labels[key];
      switch (operator) {
        case 'In':
          return value !== undefined && values.includes(value);
        case 'NotIn':
          return value === undefined || !values.includes(value);
        case 'Exists':
          return value !== undefined;
        case 'DoesNotExist':
          return value === undefined;
        default:
          throw new Error(`unknown selector operator ${operator}`);
      }
    })
  );
}

function podTemplateOf(object: K8sObject): { labels: Record<string, string>; pod: PodSpec } {
  const template = (object.spec as { template: { metadata?: { labels?: Record<string, string> }; spec: PodSpec } }).template;
  return { labels: template.metadata?.labels ?? {}, pod: template.spec };
}

export function workloadsOf(objects: readonly K8sObject[]): Workload[] {
  return objects
    .filter((object): object is K8sObject & { kind: Workload['kind'] } => ['Deployment', 'StatefulSet', 'Job'].includes(object.kind))
    .map((object) => ({ kind: object.kind, name: object.metadata.name, object, ...podTemplateOf(object) }));
}

export function ofKind(objects: readonly K8sObject[], kind: string): K8sObject[] {
  return objects.filter((object) => object.kind === kind);
}

/** The ConfigMaps' data by the name the pods refer to them by (with kustomize's hash suffix). */
export function configMapsOf(objects: readonly K8sObject[]): Map<string, Readonly<Record<string, string>>> {
  return new Map(ofKind(objects, 'ConfigMap').map((map) => [map.metadata.name, map.data ?? {}]));
}

/** The Service named `host` (or, for a headless Service's pod, `<pod>.<service>`), if it is one of `objects`. */
export function serviceForHost(objects: readonly K8sObject[], host: string): K8sObject | undefined {
  const services = ofKind(objects, 'Service');
  const [first, second] = host.split('.');
  return services.find((service) => service.metadata.name === first) ?? services.find((service) => service.metadata.name === second);
}

/** The workloads a Service sends its traffic to, and the container port a Service port reaches on them. */
export function serviceTargets(objects: readonly K8sObject[], service: K8sObject, port: number): { workload: Workload; containerPort: number }[] {
  const spec = service.spec as { selector?: Record<string, string>; ports?: ServicePort[]; type?: string };
  if (spec.type === 'ExternalName' || spec.selector === undefined) return [];
  const servicePort = spec.ports?.find((candidate) => candidate.port === port);
  if (servicePort === undefined) throw new Error(`Service ${service.metadata.name} has no port ${port}`);
  const selector = { matchLabels: spec.selector };
  return workloadsOf(objects)
    .filter((workload) => selectorMatches(selector, workload.labels))
    .map((workload) => {
      const target = servicePort.targetPort ?? servicePort.port;
      const containerPort =
        typeof target === 'number'
          ? target
          : workload.pod.containers.flatMap((container) => container.ports ?? []).find((candidate) => candidate.name === target)?.containerPort;
      if (containerPort === undefined) throw new Error(`Service ${service.metadata.name} names port '${String(target)}', which ${workload.name} lacks`);
      return { workload, containerPort };
    });
}
