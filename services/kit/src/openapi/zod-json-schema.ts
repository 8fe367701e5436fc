/**
 * A route's zod schema as a JSON Schema 2020-12 (OpenAPI 3.1's dialect), through zod's own toJSONSchema.
 *
 * Why not fastify-type-provider-zod's jsonSchemaTransform alone: a recursive schema (contracts' JsonValue is
 * z.json()) becomes a `$ref` to a definition that zod puts in a `__shared` entry, which that transform drops
 * (fastify-type-provider-zod issue 210, open in 7.0.0): the document then names schemas it lacks. Here those
 * definitions are kept, named by their content (`Shared<hash>`, so the same definition from two routes is one
 * component) and added to the document's components.schemas.
 */
import { createHash } from 'node:crypto';
import { $ZodRegistry, toJSONSchema, type $ZodType, type JSONSchema } from 'zod/v4/core';

export type Io = 'input' | 'output';
type Json = Record<string, unknown>;

/** Definitions that route schemas refer to, by component name: the document's components.schemas. */
export type SharedSchemas = Map<string, unknown>;

const ROOT_ID = 'route-schema';
const URI_PREFIX = 'zod-ref:';
const SHARED_PREFIX = `${URI_PREFIX}__shared#/$defs/`;
const COMPONENTS = '#/components/schemas/';

/** As fastify-type-provider-zod does: dates leave as ISO strings, empty members of a union say nothing. */
function override(io: Io) {
  return (context: { zodSchema: $ZodType; jsonSchema: JSONSchema.BaseSchema }) => {
    const { type } = context.zodSchema._zod.def;
    const json = context.jsonSchema;
    if (type === 'union' && Array.isArray(json.anyOf)) json.anyOf = json.anyOf.filter((member) => Object.keys(member).length > 0);
    if (type === 'date' && io === 'output') Object.assign(json, { type: 'string', format: 'date-time' });
    if (type === 'undefined' && io === 'output') json.type = 'null';
  };
}

/** A copy without the identity keywords zod puts on a root ($schema, $id): references stand for those. */
function withoutIdentity(schema: unknown): Json {
  const { $schema: _schema, $id: _id, ...rest } = schema as Json;
  return rest;
}

const contentName = (definition: unknown) =>
  `Shared${createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 12)}`;

/** Points every reference to a shared definition at its component, keeping the definitions in `shared`. */
function hoistShared(root: unknown, definitions: Readonly<Record<string, unknown>>, shared: SharedSchemas): Json {
  const names = new Map(Object.entries(definitions).map(([local, definition]) => [local, contentName(definition)]));
  const relink = (value: unknown): Json =>
    JSON.parse(JSON.stringify(value), (key, child: unknown) => {
      if (key !== '$ref' || typeof child !== 'string' || !child.startsWith(URI_PREFIX)) return child;
      const local = child.startsWith(SHARED_PREFIX) ? child.slice(SHARED_PREFIX.length) : undefined;
      const name = local === undefined ? undefined : names.get(local);
      if (name === undefined) throw new Error(`A route schema refers to ${child}, which zod did not define`);
      return `${COMPONENTS}${name}`;
    }) as Json;
  for (const [local, definition] of Object.entries(definitions)) {
    const name = names.get(local);
    if (name !== undefined && !shared.has(name)) shared.set(name, relink(withoutIdentity(definition)));
  }
  return relink(root);
}

export function zodToJsonSchema(schema: $ZodType, io: Io, shared: SharedSchemas): Json {
  const registry = new $ZodRegistry<{ id?: string }>();
  registry.add(schema, { id: ROOT_ID });
  const { schemas } = toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    uri: (id) => `${URI_PREFIX}${id}`,
    override: override(io),
  });
  const definitions = (schemas.__shared?.$defs ?? {}) as Record<string, unknown>;
  return hoistShared(withoutIdentity(schemas[ROOT_ID]), definitions, shared);
}
