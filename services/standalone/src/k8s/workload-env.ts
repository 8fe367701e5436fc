/**
 * What a container's environment holds, as Kubernetes assembles it (envFrom ConfigMaps in order, then env, which
 * wins), and what a service reads: the keys of its zod environment schema, each required, defaulted by the
 * service or optional.
 */
import { z } from 'zod';
import { type Container } from './manifests';

export type Presence = 'required' | 'default' | 'optional';

/** Where a variable's value comes from. */
export type EnvSource =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'configMap'; readonly configMap: string; readonly value: string }
  | { readonly kind: 'secret'; readonly secret: string; readonly key: string; readonly optional: boolean };

/** The variables an environment schema reads (the object inside its transforms), with their presence. */
export function envFields(schema: z.ZodType): Map<string, Presence> {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
  if (!(inner instanceof z.ZodObject)) throw new Error('an environment schema is a zod object, possibly transformed');
  const presence = (field: z.ZodType): Presence =>
    field instanceof z.ZodDefault ? 'default' : field instanceof z.ZodOptional ? 'optional' : 'required';
  return new Map(Object.entries(inner.shape as Record<string, z.ZodType>).map(([name, field]) => [name, presence(field)]));
}

/**
 * The container's variables and their sources. Problems (a ConfigMap or key that is not rendered, a whole
 * Secret poured in by envFrom, whose keys nobody can check) are collected rather than thrown.
 */
export function containerEnv(
  container: Container,
  configMaps: ReadonlyMap<string, Readonly<Record<string, string>>>,
): { env: Map<string, EnvSource>; problems: string[] } {
  const env = new Map<string, EnvSource>();
  const problems: string[] = [];
  for (const source of container.envFrom ?? []) {
    if (source.secretRef) problems.push(`envFrom secretRef ${source.secretRef.name}: name each secret variable with secretKeyRef`);
    const ref = source.configMapRef;
    if (!ref) continue;
    const data = configMaps.get(ref.name);
    if (data === undefined) {
      if (ref.optional !== true) problems.push(`envFrom names ConfigMap ${ref.name}, which is not rendered`);
      continue;
    }
    for (const [name, value] of Object.entries(data)) env.set(name, { kind: 'configMap', configMap: ref.name, value });
  }
  for (const variable of container.env ?? []) {
    const { configMapKeyRef, secretKeyRef } = variable.valueFrom ?? {};
    if (variable.value !== undefined) {
      env.set(variable.name, { kind: 'literal', value: variable.value });
    } else if (secretKeyRef) {
      env.set(variable.name, { kind: 'secret', secret: secretKeyRef.name, key: secretKeyRef.key, optional: secretKeyRef.optional === true });
    } else if (configMapKeyRef) {
      const value = configMaps.get(configMapKeyRef.name)?.[configMapKeyRef.key];
      if (value === undefined) problems.push(`${variable.name}: ConfigMap ${configMapKeyRef.name} has no key ${configMapKeyRef.key}`);
      else env.set(variable.name, { kind: 'configMap', configMap: configMapKeyRef.name, value });
    } else {
      problems.push(`${variable.name}: neither a value, a ConfigMap key nor a Secret key`);
    }
  }
  return { env, problems };
}

/**
 * The environment as the process would see it: values of ConfigMaps and literals, and for Secret references the
 * value `secretValue` gives (undefined: the Secret or key is absent, as an optional reference allows).
 */
export function resolvedEnv(env: ReadonlyMap<string, EnvSource>, secretValue: (source: Extract<EnvSource, { kind: 'secret' }>) => string | undefined): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, source] of env) {
    const value = source.kind === 'secret' ? secretValue(source) : source.value;
    if (value !== undefined) resolved[name] = value;
  }
  return resolved;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443, 'redis:': 6379, 'rediss:': 6379, 'mongodb:': 27017 };

/** The hosts and ports a value names: URLs (comma-separated lists too) and `host:port` pairs (KAFKA_BROKERS). */
export function endpointsIn(value: string): { host: string; port: number }[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .flatMap((part) => {
      if (part.includes('://')) {
        try {
          const url = new URL(part);
          const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
          return port === undefined ? [] : [{ host: url.hostname, port }];
        } catch {
          return [];
        }
      }
      const pair = /^([a-z0-9.-]+):(\d+)$/i.exec(part);
      return pair ? [{ host: pair[1] as string, port: Number(pair[2]) }] : [];
    });
}
