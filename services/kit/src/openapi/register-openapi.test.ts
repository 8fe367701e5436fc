import SwaggerParser from '@apidevtools/swagger-parser';
import { z } from 'zod';
import { requireActor } from '../auth/auth-plugin';
import { defineService } from '../host/define-service';
import { createServiceHarness, type ServiceHarness } from '../testing/service-harness';
import { notesService } from '../testing/fixtures/notes/app';
import { NotesEnv, type NotesConfig } from '../testing/fixtures/notes/config';
import { OPENAPI_PATH } from './register-openapi';

type Operation = {
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  'x-access'?: string;
  'x-roles'?: string[];
};
type Document = { openapi: string; info: { title: string }; security?: unknown; paths: Record<string, Record<string, Operation>> };

/** Routes of contracts' API_ROUTES, so that their access is known: one public, one for some roles. */
const tableRoutesService = defineService<NotesConfig>({
  name: 'bugs',
  env: NotesEnv,
  build(app) {
    app.get('/api/features', { config: { auth: false }, schema: { response: { 200: z.array(z.string()) } } }, () => ['one']);
    app.get(
      '/api/management/bugs/:id',
      { schema: { description: 'One bug report.', params: z.object({ id: z.string() }), response: { 200: z.object({ id: z.string() }) } } },
      (request) => ({ id: `${request.params.id}-${requireActor(request).orgId}` }),
    );
    return {};
  },
});

async function documentOf(harness: ServiceHarness<NotesConfig, object>): Promise<Document> {
  const response = await harness.call('GET', OPENAPI_PATH);
  expect(response.statusCode).toBe(200);
  return response.json<Document>();
}

describe('a service\'s OpenAPI document', () => {
  let notes: ServiceHarness<NotesConfig, object>;
  let table: ServiceHarness<NotesConfig, object>;
  beforeAll(async () => {
    notes = await createServiceHarness(notesService, { config: { maxNoteLength: 50 } });
    table = await createServiceHarness(tableRoutesService, { config: { maxNoteLength: 50 } });
  });
  afterAll(async () => {
    await notes.close();
    await table.close();
  });

  it('is served without a token, is valid OpenAPI 3.1 and documents the routes from their zod schemas', async () => {
    const document = await documentOf(notes);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('The notes service');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();

    const post = document.paths['/api/notes']?.post;
    expect(post?.tags).toEqual(['notes']);
    // The request body is zod's input type, with the limit the configuration set.
    expect(post?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string', minLength: 1, maxLength: 50 } },
      required: ['text'],
    });
    expect(post?.responses['201']?.content?.['application/json']?.schema).toMatchObject({
      properties: { id: { type: 'string' }, text: { type: 'string' } },
    });
    expect(document.paths['/api/notes']?.get?.responses['200']?.content?.['application/json']?.schema).toMatchObject({ type: 'array' });
    // Every route needs the bearer token unless it says otherwise.
    expect(document.security).toEqual([{ bearer: [] }]);
  });

  it('leaves out the document itself and the probes, which are no part of the API', async () => {
    const document = await documentOf(notes);
    expect(Object.keys(document.paths)).toEqual(['/api/notes']);
  });

  it('says who may call a route of contracts\' table: x-access, x-roles, security and the description', async () => {
    const document = await documentOf(table);
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    const features = document.paths['/api/features']?.get;
    expect(features).toMatchObject({ 'x-access': 'public', 'x-roles': [], security: [] });
    expect(features?.description).toBe('Access: public, no token.');

    const bug = document.paths['/api/management/bugs/{id}']?.get;
    expect(bug?.['x-access']).toBe('roles');
    expect(bug?.['x-roles']).toEqual(expect.arrayContaining(['superadministrator']));
    expect(bug?.security).toEqual([{ bearer: [] }]);
    expect(bug?.description).toMatch(/^Access: the roles [a-z, ]+\.\n\nOne bug report\.$/);
    expect(bug?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });

  it('is not served by a service that opts out (the gateway)', async () => {
    const optedOut = await createServiceHarness(
      defineService<NotesConfig>({ ...tableRoutesService, http: { openapi: false } }),
      { config: { maxNoteLength: 50 } },
    );
    try {
      const token = await optedOut.sign({ sub: 'user-1', org: 'org-a', roles: ['admin'] });
      expect((await optedOut.call('GET', OPENAPI_PATH, { token })).statusCode).toBe(404);
    } finally {
      await optedOut.close();
    }
  });
});
