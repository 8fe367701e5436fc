/**
 * @fastify/swagger's transform for the kit's routes: the zod schemas of a route (params, querystring, headers and
 * body as zod's input types; each response as its output type, also per content type) in JSON Schema 2020-12,
 * then what the document says besides (tag, who may call it, security: api-route-access.ts).
 */
import type { SwaggerTransform } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { $ZodType } from 'zod/v4/core';
import { accessExtensions, apiRouteOf, describeAccess, securityOf } from './api-route-access';
import { zodToJsonSchema, type Io, type SharedSchemas } from './zod-json-schema';

type Json = Record<string, unknown>;

const REQUEST_PARTS = ['params', 'querystring', 'headers', 'body'] as const;

/** A zod schema in JSON Schema; anything else (a JSON Schema already) as it is. */
function converted(schema: unknown, io: Io, shared: SharedSchemas): unknown {
  return schema instanceof $ZodType ? zodToJsonSchema(schema, io, shared) : schema;
}

function isContentResponse(response: unknown): response is { description?: string; content: Record<string, { schema: unknown }> } {
  return typeof response === 'object' && response !== null && 'content' in response && typeof response.content === 'object';
}

function responses(response: Json, shared: SharedSchemas): Json {
  const result: Json = {};
  for (const [status, answer] of Object.entries(response)) {
    if (!isContentResponse(answer)) {
      result[status] = converted(answer, 'output', shared);
      continue;
    }
    const content = Object.fromEntries(
      Object.entries(answer.content).map(([type, media]) => [type, { ...media, schema: converted(media.schema, 'output', shared) }]),
    );
    result[status] = { ...answer, content };
  }
  return result;
}

function jsonSchemas(schema: Json, shared: SharedSchemas): Json {
  const result: Json = { ...schema };
  for (const part of REQUEST_PARTS) if (schema[part] !== undefined) result[part] = converted(schema[part], 'input', shared);
  if (typeof schema.response === 'object' && schema.response !== null) result.response = responses(schema.response as Json, shared);
  return result;
}

/** What the document says about one route besides its schemas: tag, who may call it, security. */
function annotate(schema: Json, route: RouteOptions, name: string): Json {
  const annotated: Json = { ...schema, tags: [name] };
  const methods = [route.method].flat();
  const entry = methods.length === 1 ? apiRouteOf(String(methods[0]), route.url) : undefined;
  if (entry) {
    return {
      ...annotated,
      ...accessExtensions(entry),
      description: describeAccess(entry, schema.description),
      security: securityOf(entry),
    };
  }
  if (route.config?.auth === false) return { ...annotated, security: [] };
  return annotated;
}

/** The transform of one service's document; the shared definitions it meets are collected in `shared`. */
export function routeTransform(name: string, shared: SharedSchemas): SwaggerTransform {
  return ({ schema, url, route }) => {
    const base = (schema ?? {}) as Json;
    if (base.hide === true) return { schema: base, url };
    return { schema: annotate(jsonSchemas(base, shared), route, name), url };
  };
}
