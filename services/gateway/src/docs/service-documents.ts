/**
 * The services' own OpenAPI documents, asked for on their internal GET /openapi.json (kit/openapi) at the
 * configured upstream addresses. A document changes only when a service is deployed, so each one is kept for a
 * while; a failure is not kept, and the merged document says which services it lacks (merge-documents.ts).
 */
import { API_ROUTES, type ServiceName } from '@dv/contracts';
import { OPENAPI_PATH } from '@dv/kit';
import { z } from 'zod';
import type { DocumentSource, ServiceDocument } from './merge-documents';

const ServiceDocumentShape = z.looseObject({
  openapi: z.string().startsWith('3.'),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({ schemas: z.record(z.string(), z.unknown()).optional() }).optional(),
});

export interface ServiceDocumentsOptions {
  /** Base URL per service; a service without one has no document. */
  readonly upstreams: Readonly<Partial<Record<string, string>>>;
  /** How long one request for a document may take. */
  readonly timeoutMs: number;
  /** How long a document is kept. */
  readonly cacheTtlMs: number;
  readonly now?: () => number;
}

export interface ServiceDocuments {
  /** Every service of the table, with its document or why there is none. */
  load(): Promise<Map<ServiceName, DocumentSource>>;
}

/** The services the table names, once each, in the table's order. */
export const DOCUMENTED_SERVICES: readonly ServiceName[] = [...new Set(API_ROUTES.map((route) => route.service))];

async function fetchDocument(baseUrl: string, timeoutMs: number): Promise<ServiceDocument> {
  const response = await fetch(new URL(OPENAPI_PATH, baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`answered ${response.status}`);
  const parsed = ServiceDocumentShape.safeParse(await response.json());
  if (!parsed.success) throw new Error('answered something that is not an OpenAPI 3 document');
  return parsed.data;
}

/** Why a document could not be had, in words safe to publish (no addresses). */
function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  if (error instanceof Error && error.message.startsWith('answered')) return `the service ${error.message}`;
  return 'the service could not be reached';
}

export function serviceDocuments(options: ServiceDocumentsOptions): ServiceDocuments {
  const now = options.now ?? Date.now;
  const kept = new Map<ServiceName, { document: ServiceDocument; until: number }>();

  async function documentOf(service: ServiceName): Promise<DocumentSource> {
    const cached = kept.get(service);
    if (cached && cached.until > now()) return cached.document;
    const baseUrl = options.upstreams[service];
    if (baseUrl === undefined) return { unavailable: 'the service is not configured on this deployment' };
    try {
      const document = await fetchDocument(baseUrl, options.timeoutMs);
      kept.set(service, { document, until: now() + options.cacheTtlMs });
      return document;
    } catch (error) {
      return { unavailable: reasonOf(error) };
    }
  }

  return {
    async load() {
      const sources = await Promise.all(DOCUMENTED_SERVICES.map(async (service) => [service, await documentOf(service)] as const));
      return new Map(sources);
    },
  };
}
