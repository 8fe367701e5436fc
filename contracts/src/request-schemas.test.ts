/**
 * Every text a request may carry has a maximum length (issue 13, item 7: a 10,000-character portal username was
 * stored). The request schemas are every export named like one (…Input, …Query, …Params, …Body, …Patch,
 * …Submission), the few request schemas named otherwise, and, so that a new route cannot slip past, every
 * contracts schema a service route names for its body, query string or parameters.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import * as contracts from './index';
import { unboundedStrings } from './testing/unbounded-strings';

const REQUEST_NAME = /(Input|Query|Params|Body|Patch|Submission)$/;

/**
 * Request schemas whose names say otherwise: the socket's authorization event, parts of inputs, and the schedule's
 * settings and fee schedule (PUT bodies named like what they are).
 */
const OTHER_REQUEST_SCHEMAS = ['SocketAuthorization', 'OrganizationName', 'PortalId', 'EditPath', 'FieldEdit', 'ScheduleSettings', 'FeeSchedule'] as const;

/**
 * Named like requests but never sent: the treatment plan estimate's input is built in the browser from replies
 * (plans, patients, fees). No route takes it; if one ever did, the first test below would fail.
 */
const NOT_REQUEST_SCHEMAS = ['EstimateInput'] as const;

const isSchema = (value: unknown): value is z.core.$ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

const exported = contracts as unknown as Record<string, unknown>;
const requestSchemaNames = [
  ...Object.keys(exported).filter(
    (name) => REQUEST_NAME.test(name) && isSchema(exported[name]) && !(NOT_REQUEST_SCHEMAS as readonly string[]).includes(name),
  ),
  ...OTHER_REQUEST_SCHEMAS,
].sort();

/** Contracts schemas that the services' routes validate requests with (`body: X`, `querystring: X`, `params: X`). */
function routeRequestSchemaNames(): string[] {
  const servicesDir = path.join(__dirname, '../../services');
  const names = new Set<string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist') visit(full);
      else if (entry.isFile() && entry.name.endsWith('.routes.ts')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/\b(?:body|querystring|params|headers):\s*([A-Z]\w*)/g)) {
          names.add(match[1] as string);
        }
      }
    }
  };
  for (const service of readdirSync(servicesDir)) visit(path.join(servicesDir, service, 'src'));
  return [...names].filter((name) => isSchema(exported[name])).sort();
}

describe('request schemas', () => {
  it('are found: the exports by name and what the services validate requests with', () => {
    expect(requestSchemaNames).toEqual(expect.arrayContaining(['PortalCredentialInput', 'VerificationEditInput', 'FeatureFlagPatch']));
    const routes = routeRequestSchemaNames();
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((name) => !requestSchemaNames.includes(name))).toEqual([]);
  });

  it.each(requestSchemaNames)('%s bounds every text it takes', (name) => {
    expect(unboundedStrings(exported[name] as z.core.$ZodType)).toEqual([]);
  });
});

describe('unboundedStrings', () => {
  it('finds strings without a maximum, unbounded keys and values of any shape, wherever they are', async () => {
    const { z } = await import('zod');
    const schema = z.object({
      ok: z.string().max(5),
      fixed: z.string().length(3),
      day: z.iso.date(),
      open: z.string().trim().min(1),
      list: z.array(z.string()).max(3),
      map: z.record(z.string(), z.number()),
      any: z.unknown(),
      either: z.union([z.number(), z.string().regex(/^a{1,3}$/)]).optional(),
      piped: z.string().max(4).transform((text) => text.length).pipe(z.number()),
      json: contracts.JsonValue.nullable(),
      loose: z.looseObject({}),
    });
    expect(unboundedStrings(schema)).toEqual(['open', 'list.[]', 'map.{key}', 'any (unknown)', 'either', 'loose.* (unknown)']);
  });
});
