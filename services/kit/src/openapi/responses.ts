/**
 * Response entries for the answers that are not JSON, so that every route documents its success answer (the
 * schema-gaps rule) the same way:
 * - `response: { 204: NoContent }` for a route that answers 204 with no body;
 * - `response: { 200: fileResponse('application/pdf', 'The PDF') }` for bytes of a media type (`*\/*` for any).
 * Neither is ever used to serialize: Fastify sends no body for 204 and sends bytes (a Buffer, a stream) as they are.
 */
import { z } from 'zod';

/** No body: `reply.code(204).send()`; the document shows no content (kit's zod-json-schema.ts: undefined is null). */
export const NoContent = z.undefined().describe('No content');

/** Bytes as the handler sends them; in the document, a binary string. */
const Bytes = z.custom<Buffer | Uint8Array>((value) => value instanceof Uint8Array).meta({ type: 'string', format: 'binary' });

export function fileResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: Bytes } } };
}
