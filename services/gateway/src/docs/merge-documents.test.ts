import SwaggerParser from '@apidevtools/swagger-parser';
import { type ApiRoute, type ServiceName } from '@dv/contracts';
import { OFFICE_HEADER } from '@dv/kit';
import { mergeApiDocuments, type DocumentSource } from './merge-documents';

const ROUTES: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/features', access: 'public', service: 'offices' },
  { method: 'GET', path: '/api/management/offices/{id}', access: ['admin', 'agent'], pages: ['/management/do-management'], service: 'offices' },
  { method: 'PATCH', path: '/api/management/offices/{id}', access: ['admin'], service: 'offices' },
  { method: 'GET', path: '/api/carriers', access: 'authenticated', service: 'verifications' },
];

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

/** What the offices service's document could say: its own parameter names, a component, an internal route. */
const OFFICES_DOCUMENT = {
  openapi: '3.1.0',
  paths: {
    '/api/features': { get: { description: 'Access: public, no token.\n\nThe flags.', responses: { 200: { description: 'ok', ...json({ type: 'array' }) } } } },
    '/api/management/offices/{officeId}': {
      get: {
        parameters: [{ name: 'officeId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'ok', ...json({ $ref: '#/components/schemas/Office' }) } },
      },
      patch: {
        parameters: [{ name: 'officeId', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, ...json({ type: 'object', properties: { name: { type: 'string' } } }) },
        responses: { 200: { description: 'ok', ...json({ $ref: '#/components/schemas/Office' }) } },
      },
    },
    '/internal/offices/{id}': { get: { responses: { 200: { description: 'internal' } } } },
  },
  components: { schemas: { Office: { type: 'object', properties: { id: { type: 'string' } } } } },
};

const merge = (documents: [ServiceName, DocumentSource][]) => mergeApiDocuments(new Map(documents), { routes: ROUTES });

describe('mergeApiDocuments', () => {
  const merged = merge([
    ['offices', OFFICES_DOCUMENT],
    ['verifications', { unavailable: 'the service could not be reached' }],
  ]);

  it('is valid OpenAPI 3.1 and holds exactly the table\'s calls, under the table\'s paths', async () => {
    expect(merged.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(merged) as never)).resolves.toBeDefined();
    const documented = Object.entries(merged.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    expect(documented).toEqual(['get /api/features', 'get /api/management/offices/{id}', 'patch /api/management/offices/{id}', 'get /api/carriers']);
  });

  it('takes each operation from its service, its path parameters renamed to the table\'s', () => {
    const patch = merged.paths['/api/management/offices/{id}']?.patch;
    expect(patch?.requestBody).toEqual(OFFICES_DOCUMENT.paths['/api/management/offices/{officeId}'].patch.requestBody);
    expect(patch?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      expect.objectContaining({ name: OFFICE_HEADER, in: 'header', required: false }),
    ]);
  });

  it('says who may call each operation, from the table', () => {
    const features = merged.paths['/api/features']?.get;
    expect(features).toMatchObject({ tags: ['offices'], 'x-service': 'offices', 'x-access': 'public', 'x-roles': [], security: [] });
    // The service already said it: the access line is not repeated.
    expect(features?.description).toBe('Access: public, no token.\n\nThe flags.');
    // A public call names no office.
    expect(features?.parameters).toEqual([]);

    const office = merged.paths['/api/management/offices/{id}']?.get;
    expect(office).toMatchObject({
      'x-access': 'roles',
      'x-roles': ['admin', 'agent'],
      'x-pages': ['/management/do-management'],
      security: [{ bearer: [] }],
      description: 'Access: the roles admin, agent.',
    });
  });

  it('keeps each service\'s component schemas under the service\'s name, references included', () => {
    expect(merged.components).toMatchObject({ schemas: { 'offices.Office': OFFICES_DOCUMENT.components.schemas.Office } });
    expect(JSON.stringify(merged.paths['/api/management/offices/{id}']?.get)).toContain('"$ref":"#/components/schemas/offices.Office"');
  });

  it('still shows the calls of a service whose document could not be had, marked, and names that service', () => {
    expect(merged['x-unavailable-services']).toEqual(['verifications']);
    const carriers = merged.paths['/api/carriers']?.get;
    expect(carriers).toMatchObject({ 'x-undocumented': true, 'x-access': 'authenticated', tags: ['verifications'] });
    expect(String(carriers?.description)).toContain('the service could not be reached');
  });

  it('marks a call its service\'s document leaves out, with the table\'s path parameters', async () => {
    const partial = merge([['offices', { paths: {} }], ['verifications', { paths: {} }]]);
    const office = partial.paths['/api/management/offices/{id}']?.get;
    expect(office?.['x-undocumented']).toBe(true);
    expect(office?.description).toBe('Access: the roles admin, agent.\n\nNot documented: the offices service\'s document does not describe this call.');
    expect(office?.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, expect.objectContaining({ name: OFFICE_HEADER })]);
    expect(partial['x-unavailable-services']).toBeUndefined();
    await expect(SwaggerParser.validate(structuredClone(partial) as never)).resolves.toBeDefined();
  });
});
