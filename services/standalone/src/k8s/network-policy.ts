/**
 * Kubernetes NetworkPolicy semantics, enough to ask whether one pod may open a TCP connection to another's port:
 * a pod selected by no policy of a direction is open in that direction; a selected pod accepts what any rule of
 * the selecting policies allows (peers: pods of the policy's namespace by podSelector, pods of the namespaces a
 * namespaceSelector picks; ipBlock is taken to match any peer, which can only make a check that something is
 * refused fail). A connection needs the source's egress and the target's ingress.
 */
import { type K8sObject, type LabelSelector, selectorMatches } from './manifests';

/** A pod: its labels and its namespace's labels. */
export interface Peer {
  readonly labels: Readonly<Record<string, string>>;
  readonly namespaceLabels: Readonly<Record<string, string>>;
}

interface PolicyPeer {
  readonly podSelector?: LabelSelector;
  readonly namespaceSelector?: LabelSelector;
  readonly ipBlock?: { readonly cidr: string };
}

interface PolicyPort {
  readonly protocol?: string;
  readonly port?: number | string;
  readonly endPort?: number;
}

interface PolicyRule {
  readonly from?: readonly PolicyPeer[];
  readonly to?: readonly PolicyPeer[];
  readonly ports?: readonly PolicyPort[];
}

interface PolicySpec {
  readonly podSelector: LabelSelector;
  readonly policyTypes?: readonly ('Ingress' | 'Egress')[];
  readonly ingress?: readonly PolicyRule[];
  readonly egress?: readonly PolicyRule[];
}

export type Direction = 'Ingress' | 'Egress';

/** The port being connected to: its number and, when the container names it, its name. */
export interface TargetPort {
  readonly number: number;
  readonly name?: string;
}

function typesOf(spec: PolicySpec): readonly Direction[] {
  return spec.policyTypes ?? (spec.egress === undefined ? ['Ingress'] : ['Ingress', 'Egress']);
}

function peerMatches(peer: PolicyPeer, other: Peer, policyNamespace: Readonly<Record<string, string>>): boolean {
  if (peer.ipBlock) return true;
  const namespaceMatches = peer.namespaceSelector
    ? selectorMatches(peer.namespaceSelector, other.namespaceLabels)
    : policyNamespace['kubernetes.io/metadata.name'] === other.namespaceLabels['kubernetes.io/metadata.name'];
  return namespaceMatches && (peer.podSelector === undefined || selectorMatches(peer.podSelector, other.labels));
}

function portMatches(ports: readonly PolicyPort[] | undefined, target: TargetPort): boolean {
  if (ports === undefined || ports.length === 0) return true;
  return ports.some(({ protocol = 'TCP', port, endPort }) => {
    if (protocol !== 'TCP') return false;
    if (port === undefined) return true;
    if (typeof port === 'string') return port === target.name;
    return endPort === undefined ? port === target.number : target.number >= port && target.number <= endPort;
  });
}

export class NetworkPolicies {
  private readonly policies: { readonly name: string; readonly spec: PolicySpec }[];

  constructor(
    objects: readonly K8sObject[],
    /** The labels of the namespace the policies are applied in. */
    private readonly namespace: Readonly<Record<string, string>>,
  ) {
    this.policies = objects
      .filter((object) => object.kind === 'NetworkPolicy')
      .map((object) => ({ name: object.metadata.name, spec: object.spec as unknown as PolicySpec }));
  }

  /** Whether `pod`'s traffic in `direction` with `other` on `port` is allowed by the policies selecting `pod`. */
  allows(pod: Peer, direction: Direction, other: Peer, port: TargetPort): boolean {
    const selecting = this.policies.filter(({ spec }) => typesOf(spec).includes(direction) && selectorMatches(spec.podSelector, pod.labels));
    if (selecting.length === 0) return true;
    return selecting.some(({ spec }) =>
      (direction === 'Ingress' ? spec.ingress : spec.egress)?.some((rule) => {
        const peers = direction === 'Ingress' ? rule.from : rule.to;
        const peerOk = peers === undefined || peers.length === 0 || peers.some((peer) => peerMatches(peer, other, this.namespace));
        return peerOk && portMatches(rule.ports, port);
      }),
    );
  }

  /** A connection from `source` (a pod of this namespace, or of another one) to `target`'s port. */
  connects(source: Peer, target: Peer, port: TargetPort, sourceInNamespace = true): boolean {
    const egress = !sourceInNamespace || this.allows(source, 'Egress', target, port);
    return egress && this.allows(target, 'Ingress', source, port);
  }

  /** Policies selecting every pod in both directions with no rule: what is not allowed is denied. */
  deniesByDefault(): boolean {
    const everyPod = (spec: PolicySpec) => Object.keys(spec.podSelector.matchLabels ?? {}).length === 0 && (spec.podSelector.matchExpressions ?? []).length === 0;
    const denies = (direction: Direction) =>
      this.policies.some(({ spec }) => everyPod(spec) && typesOf(spec).includes(direction) && ((direction === 'Ingress' ? spec.ingress : spec.egress) ?? []).length === 0);
    return denies('Ingress') && denies('Egress');
  }
}
