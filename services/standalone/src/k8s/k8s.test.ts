/**
 * k8s/: every overlay as `kubectl kustomize` renders it (Debian's kubernetes-client has an old kustomize, so the
 * manifests keep to what it understands), validated against the Kubernetes API's schemas, and checked against
 * the services themselves: every variable a service's environment schema reads is given or left unset on
 * purpose and the result parses; no Secret value is in the repository; every workload has probes, resources and
 * a non-root container, every Deployment a PodDisruptionBudget and an autoscaler; the NetworkPolicies let each
 * pod reach exactly what its configuration names, and only the Ingress' backends are reached from outside.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BillingEnv } from '@dv/billing';
import { BugsEnv } from '@dv/bugs';
import { BUG_REPORT_MAX_BODY_BYTES, SERVICE_NAMES } from '@dv/contracts';
import { DevIdpEnv } from '@dv/dev-idp';
import { GatewayEnv } from '@dv/gateway';
import { adapterEnvFields } from '@dv/kit';
import { OfficesEnv } from '@dv/offices';
import { PortalsEnv } from '@dv/portals';
import { RealtimeEnv } from '@dv/realtime';
import { ScheduleEnv } from '@dv/schedule';
import { VerificationsEnv } from '@dv/verifications';
import { z } from 'zod';
import { configMapsOf, findKubectl, type K8sObject, ofKind, type Overlay, OVERLAYS, REPO_ROOT, renderOverlay, serviceForHost, serviceTargets, workloadsOf } from './manifests';
import { NetworkPolicies, type Peer } from './network-policy';
import { coverageProblems, serviceEnvs, type ServiceEnv, type UnsetOnPurpose, workloadProblems } from './workload-checks';
import { endpointsIn, resolvedEnv } from './workload-env';

/** The environment schema of each workload that runs the product's image. */
const SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  gateway: GatewayEnv,
  offices: OfficesEnv,
  portals: PortalsEnv,
  bugs: BugsEnv,
  billing: BillingEnv,
  verifications: VerificationsEnv,
  schedule: ScheduleEnv,
  realtime: RealtimeEnv,
  'dev-idp': DevIdpEnv,
  // seed-demo.ts keeps its schema to itself (importing it runs the seed): MONGODB_URI, the kit's field, required.
  'seed-demo': z.object({ MONGODB_URI: adapterEnvFields.MONGODB_URI.unwrap() }),
};

/** Development only: the dev identity provider signs in anyone as the demo users. */
const DEV_ONLY = ['dev-idp', 'seed-demo'];
/** Keeps its keys and sessions in files: one replica. */
const SINGLE_REPLICA = new Set(['dev-idp']);

const UNSET: UnsetOnPurpose = {
  '*': {
    BUS_URL: 'the bus is Kafka (KAFKA_BROKERS); Redis Streams is for the processes of one machine',
  },
  portals: { PORTALS_KEK_FILE: "the embedded store's key file; the key comes from the portals-kek Secret" },
  'dev-idp': {
    METRICS_PORT: 'the development provider is not scraped: /metrics stays on its own port',
    METRICS_HOST: 'the development provider is not scraped',
  },
  billing: {
    STRIPE_API_URL: "Stripe's own API",
    STRIPE_PLAN_PRODUCTS: 'the plans are named by STRIPE_PLAN_LOOKUP_KEYS (the two exclude each other)',
  },
  verifications: {
    CLEARINGHOUSE_NAME: "'clearinghouse', or 'sandbox' without CLEARINGHOUSE_URL",
    PROVIDER_TAX_ID: 'the 270 names no tax id unless a deployment sets one',
  },
};
/** Per overlay; '*' is every workload that reads the variable. */
const UNSET_IN: Readonly<Record<Overlay, UnsetOnPurpose>> = {
  dev: {
    billing: { STRIPE_PLAN_LOOKUP_KEYS: "the Stripe sandbox's plans" },
    verifications: { CLEARINGHOUSE_URL: 'the sandbox clearinghouse' },
  },
  prod: {
    '*': { OIDC_JWKS_URL: "the issuer's discovery document names its keys" },
    billing: { STRIPE_SANDBOX_PUBLIC_URL: 'no sandbox runs beside a Stripe key' },
  },
};

const unsetFor = (overlay: Overlay) => (workload: string) => ({
  ...UNSET['*'],
  ...UNSET[workload],
  ...UNSET_IN[overlay]['*'],
  ...UNSET_IN[overlay][workload],
});

/** Variables that carry a secret or credentials: from a Secret, never a ConfigMap or a literal. */
const isSecretVariable = (name: string) => /(TOKEN|SECRET|_KEY|KEKS?)$/.test(name) || ['MONGODB_URI', 'REDIS_URL'].includes(name);

/** Stand-ins for the Secrets' values, of the shapes the services accept. */
const SECRET_SAMPLES: Readonly<Record<string, string>> = {
  INTERNAL_API_TOKEN: randomBytes(32).toString('base64'),
  MONGODB_URI: 'mongodb+srv://verific:pw@cluster0.example.net/verific',
  REDIS_URL: 'rediss://:pw@redis.example.net:6379',
  PORTALS_KEK: randomBytes(32).toString('base64'),
  PORTALS_KEK_ID: 'kek-2',
  PORTALS_DECRYPT_ONLY_KEKS: `kek-1:${randomBytes(32).toString('base64')}`,
  STRIPE_SECRET_KEY: `sk_test_${'a'.repeat(24)}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${'b'.repeat(24)}`,
  CLEARINGHOUSE_API_KEY: 'c'.repeat(24),
  NEXHEALTH_API_KEY: 'd'.repeat(24),
};

/** The dev overlay's secrets.sh: each Secret it creates, its keys, and the value where it is not generated. */
function devSecretsScript(): Map<string, Map<string, string | undefined>> {
  const script = readFileSync(path.join(REPO_ROOT, 'k8s', 'overlays', 'dev', 'secrets.sh'), 'utf8');
  const secrets = new Map<string, Map<string, string | undefined>>();
  for (const [, name, rest] of script.matchAll(/^secret (\S+) (.*)$/gm)) {
    const keys = new Map<string, string | undefined>();
    for (const [, key, value] of (rest ?? '').matchAll(/--from-literal="?([A-Z0-9_]+)=(\S*?)"?(?=\s|$)/g)) {
      keys.set(key as string, value?.includes('$(') ? undefined : value);
    }
    secrets.set(name as string, keys);
  }
  return secrets;
}

const kubectl = findKubectl();
const namespaceOf = (name: string): Record<string, string> => ({ 'kubernetes.io/metadata.name': name });
const INGRESS_CONTROLLER: Peer = { labels: { 'app.kubernetes.io/name': 'ingress-nginx' }, namespaceLabels: namespaceOf('ingress-nginx') };
const PROMETHEUS: Peer = { labels: { 'app.kubernetes.io/name': 'prometheus' }, namespaceLabels: namespaceOf('monitoring') };
/** The metrics listener of every product pod (METRICS_PORT in verific-common). */
const METRICS_PORT = 9464;

if (!kubectl.available) {
  const title = `k8s overlays: skipped — ${kubectl.reason}`;
  // Straight to stderr: jest drops console output of a file whose tests are all skipped.
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
} else {
  describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
    let objects: K8sObject[];
    let envs: ServiceEnv[];
    let envProblems: string[];
    const devSecrets = overlay === 'dev' ? devSecretsScript() : new Map<string, Map<string, string | undefined>>();
    const secretValue = (optionalAbsent: boolean) => (source: { secret: string; key: string; optional: boolean }) =>
      optionalAbsent && source.optional ? undefined : (devSecrets.get(source.secret)?.get(source.key) ?? SECRET_SAMPLES[source.key]);
    /** A pod of the overlay's namespace. */
    const inNamespace = (labels: Readonly<Record<string, string>>): Peer => ({ labels, namespaceLabels: namespaceOf(`verific-${overlay}`) });
    /** A workload's variables from ConfigMaps and literals. */
    const plainValues = (workload: string) => resolvedEnv(envs.find((candidate) => candidate.workload.name === workload)?.env ?? new Map(), () => undefined);

    beforeAll(() => {
      objects = renderOverlay(kubectl.command, overlay);
      ({ envs, problems: envProblems } = serviceEnvs(workloadsOf(objects), configMapsOf(objects), SCHEMAS));
    });

    it('renders objects that are valid against the Kubernetes API schemas', () => {
      const validator = path.join(__dirname, 'validate-objects.mjs');
      const run = spawnSync(process.execPath, [validator], { cwd: REPO_ROOT, input: JSON.stringify(objects), encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual([]);
      expect(objects.length).toBeGreaterThan(30);
    });

    it('runs the gateway and every service of the product, each with probes, resources, a non-root container, a PDB and an autoscaler', () => {
      const names = workloadsOf(objects).map(({ name }) => name);
      expect(names).toEqual(expect.arrayContaining(['gateway', ...SERVICE_NAMES]));
      for (const name of DEV_ONLY) expect(names.includes(name)).toBe(overlay === 'dev');
      expect(workloadProblems(objects, workloadsOf(objects), SINGLE_REPLICA)).toEqual([]);
      for (const { workload } of envs) {
        // The script the image runs is built from a source file that exists.
        const [node, script = ''] = workload.pod.containers[0]?.command ?? [];
        expect(node).toBe('node');
        expect(existsSync(path.join(REPO_ROOT, script.replace(/\/dist\/([\w-]+)\.js$/, '/src/$1.ts')))).toBe(true);
        expect(script).toMatch(/^services\/[\w-]+\/dist\/[\w-]+\.js$/);
      }
    });

    it('gives every service each variable it reads (or leaves it unset on purpose), nothing it does not read, and values it accepts', () => {
      expect(envProblems).toEqual([]);
      expect(coverageProblems(envs, unsetFor(overlay))).toEqual([]);
      for (const { workload, schema, env } of envs) {
        for (const optionalAbsent of [false, true]) {
          const parsed = schema.safeParse(resolvedEnv(env, secretValue(optionalAbsent)));
          const issues = parsed.success ? [] : parsed.error.issues.map((issue) => `${workload.name}: ${issue.path.join('.')} ${issue.message}`);
          expect(issues).toEqual([]);
        }
      }
    });

    it('holds no Secret value: secrets are referenced by secretKeyRef, to Secrets made outside the repository', () => {
      expect(ofKind(objects, 'Secret').filter((secret) => Object.keys({ ...secret.data, ...secret.stringData }).length > 0)).toEqual([]);
      const misplaced = envs.flatMap(({ workload, env }) =>
        [...env].filter(([name, source]) => isSecretVariable(name) && source.kind !== 'secret').map(([name]) => `${workload.name}: ${name}`),
      );
      expect(misplaced).toEqual([]);
      // Not even where a secretKeyRef would win over it.
      const inConfigMaps = ofKind(objects, 'ConfigMap').flatMap((map) =>
        Object.keys(map.data ?? {})
          .filter(isSecretVariable)
          .map((key) => `${map.metadata.name}: ${key}`),
      );
      expect(inConfigMaps).toEqual([]);
    });

    it('lets each pod reach what its configuration names, and admits to a pod only those that name it', () => {
      const policies = new NetworkPolicies(objects, namespaceOf(`verific-${overlay}`));
      expect(policies.deniesByDefault()).toBe(true);
      const workloads = workloadsOf(objects);
      const edges = new Set<string>();
      const refused: string[] = [];
      for (const { workload, fields, env } of envs) {
        const values = resolvedEnv(env, secretValue(false));
        for (const [name, value] of Object.entries(values).filter(([variable]) => fields.has(variable))) {
          for (const { host, port } of endpointsIn(value)) {
            const service = serviceForHost(objects, host);
            if (service === undefined) continue;
            for (const target of serviceTargets(objects, service, port)) {
              edges.add(`${workload.name}->${target.workload.name}`);
              if (!policies.connects(inNamespace(workload.labels), inNamespace(target.workload.labels), { number: target.containerPort })) {
                refused.push(`${workload.name} -> ${target.workload.name}:${target.containerPort} (${name})`);
              }
            }
          }
        }
      }
      expect(refused).toEqual([]);
      // Each pod's own ingress rules admit its callers alone, whatever another pod's egress rules would let out.
      const unexpected: string[] = [];
      for (const target of workloads) {
        for (const port of target.pod.containers.flatMap((container) => container.ports ?? [])) {
          for (const source of workloads.filter((other) => other !== target && !edges.has(`${other.name}->${target.name}`))) {
            if (policies.allows(inNamespace(target.labels), 'Ingress', inNamespace(source.labels), { number: port.containerPort })) {
              unexpected.push(`${source.name} -> ${target.name}:${port.containerPort}`);
            }
          }
        }
      }
      expect(unexpected).toEqual([]);
    });

    it("lets Prometheus (namespace monitoring) scrape each service's metrics listener, and reach nothing else of it", () => {
      const policies = new NetworkPolicies(objects, namespaceOf(`verific-${overlay}`));
      const scraped: string[] = [];
      for (const { workload } of envs.filter(({ workload: { name } }) => !DEV_ONLY.includes(name))) {
        const values = plainValues(workload.name);
        const annotations = (workload.object.spec as { template: { metadata: { annotations?: Record<string, string> } } }).template.metadata
          .annotations;
        const ports = workload.pod.containers.flatMap((container) => container.ports ?? []);
        const reachable = ports.filter((port) => policies.connects(PROMETHEUS, inNamespace(workload.labels), { number: port.containerPort }, false));
        scraped.push(
          [
            workload.name,
            values.METRICS_PORT,
            values.METRICS_HOST,
            annotations?.['prometheus.io/scrape'],
            annotations?.['prometheus.io/port'],
            reachable.map((port) => `${port.name}:${port.containerPort}`).join(','),
          ].join(' '),
        );
      }
      expect(scraped.length).toBeGreaterThanOrEqual(8);
      for (const line of scraped) expect(line).toMatch(new RegExp(`^\\S+ ${METRICS_PORT} 0\\.0\\.0\\.0 true ${METRICS_PORT} metrics:${METRICS_PORT}$`));
      // Nothing in another namespace but the monitoring one reaches a metrics listener.
      const elsewhere: Peer = { labels: { 'app.kubernetes.io/name': 'prometheus' }, namespaceLabels: namespaceOf('default') };
      const open = workloadsOf(objects).filter((workload) => policies.connects(elsewhere, inNamespace(workload.labels), { number: METRICS_PORT }, false));
      expect(open.map(({ name }) => name)).toEqual([]);
    });

    it('reaches from outside (the Ingress) only its backends: the gateway for the apex and every organization, and in dev the identity provider', () => {
      const policies = new NetworkPolicies(objects, namespaceOf(`verific-${overlay}`));
      const ingresses = ofKind(objects, 'Ingress');
      type Rule = { host: string; http: { paths: { backend: { service: { name: string } } }[] } };
      const rules = ingresses.flatMap((ingress) => (ingress.spec as { rules: Rule[] }).rules);
      const backends = new Set(rules.flatMap((rule) => rule.http.paths.map((route) => route.backend.service.name)));
      expect([...backends].sort()).toEqual(overlay === 'dev' ? ['dev-idp', 'gateway'] : ['gateway']);
      const gatewayHosts = rules.filter((rule) => rule.http.paths.some((route) => route.backend.service.name === 'gateway')).map(({ host }) => host);
      const apex = gatewayHosts.find((host) => !host.startsWith('*.')) as string;
      expect(gatewayHosts).toEqual([apex, `*.${apex}`]);
      for (const workload of workloadsOf(objects)) {
        const ports = workload.pod.containers.flatMap((container) => container.ports ?? []);
        const reachable = ports.some((port) => policies.connects(INGRESS_CONTROLLER, inNamespace(workload.labels), { number: port.containerPort }, false));
        expect(`${workload.name} ${reachable ? 'reachable' : 'closed'}`).toBe(`${workload.name} ${backends.has(workload.name) ? 'reachable' : 'closed'}`);
      }
      // The gateway limits each route's body; the Ingress must not refuse the largest (a bug report's attachment).
      const gatewayIngress = ingresses.find((ingress) => ingress.metadata.name === 'gateway');
      const bodySize = /^(\d+)m$/.exec(gatewayIngress?.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '');
      expect(Number(bodySize?.[1] ?? 0) * 1024 * 1024).toBeGreaterThanOrEqual(BUG_REPORT_MAX_BODY_BYTES);
      // Stripe Checkout returns to the app's own address.
      expect(new URL(plainValues('billing').PUBLIC_APP_URL ?? 'http://unset').hostname).toBe(apex);
      if (overlay === 'prod') {
        const tls = ingresses.flatMap((ingress) => (ingress.spec as { tls?: { hosts: string[] }[] }).tls ?? []).flatMap(({ hosts }) => hosts);
        expect(tls.sort()).toEqual([...gatewayHosts].sort());
      }
    });

    if (overlay === 'dev') {
      it('runs one replica of everything, the sandboxes, and the identity provider the services trust, whose Secrets secrets.sh makes', () => {
        for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) expect(hpa.spec).toMatchObject({ minReplicas: 1, maxReplicas: 1 });
        const [idp, gateway] = [plainValues('dev-idp'), plainValues('gateway')];
        expect(idp.ISSUER).toBe(gateway.OIDC_ISSUER);
        expect(idp.AUDIENCE).toBe(gateway.OIDC_AUDIENCE);
        expect(serviceForHost(objects, new URL(gateway.OIDC_JWKS_URL ?? 'http://unset').hostname)?.metadata.name).toBe('dev-idp');
        // The browser reaches the issuer its tokens name.
        const idpIngress = ofKind(objects, 'Ingress').find((ingress) => ingress.metadata.name === 'dev-idp');
        const idpHosts = (idpIngress?.spec as { rules: { host: string }[] } | undefined)?.rules.map(({ host }) => host);
        expect(idpHosts).toEqual([new URL(idp.ISSUER ?? 'http://unset').hostname]);
        const referenced = envs.flatMap(({ env: vars }) => [...vars.values()]).filter((source) => source.kind === 'secret');
        const required = new Set(referenced.filter((source) => !source.optional).map((source) => `${source.secret}/${source.key}`));
        const made = new Set([...devSecrets].flatMap(([secret, keys]) => [...keys.keys()].map((key) => `${secret}/${key}`)));
        expect([...made].sort()).toEqual([...required].sort());
      });
    } else {
      it('runs several replicas, no sandbox, and a real issuer over HTTPS', () => {
        for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) expect((hpa.spec as { minReplicas: number }).minReplicas).toBeGreaterThanOrEqual(2);
        const all = envs.map(({ workload, env }) => ({ name: workload.name, values: resolvedEnv(env, () => undefined), env }));
        for (const { values } of all) if (values.OIDC_ISSUER !== undefined) expect(new URL(values.OIDC_ISSUER).protocol).toBe('https:');
        expect(all.find(({ name }) => name === 'offices')?.values.DEV_IDP_ACCOUNTS).not.toBe('true');
        const optional = all.flatMap(({ name, env }) => [...env].filter(([, source]) => source.kind === 'secret' && source.optional).map(([variable]) => `${name}: ${variable}`));
        // Without these a service would quietly run its sandbox; PORTALS_KEK_ID and old keys are for rotations.
        expect(optional.sort()).toEqual(['portals: PORTALS_DECRYPT_ONLY_KEKS', 'portals: PORTALS_KEK_ID', 'schedule: NEXHEALTH_API_KEY']);
      });
    }
  });
}
