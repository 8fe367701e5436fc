/**
 * The JSON body parser of every service: Fastify's own (size limit, prototype-poisoning checks), preceded by a
 * check of the nesting depth. A body nested deeper than contracts' JSON_MAX_DEPTH is refused with a 400 naming
 * the limit before it is parsed: whatever walks a parsed value recursively (zod, the store, the serializer)
 * overflowed the stack at 10,000 levels and answered 500.
 */
import { JSON_TOO_DEEP_MESSAGE, jsonTextExceedsDepth } from '@dv/contracts';
import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors';

/** The part of a Fastify instance this needs (any logger, any type provider). */
type ParserHost = Pick<FastifyInstance, 'initialConfig' | 'getDefaultJsonParser' | 'removeContentTypeParser' | 'addContentTypeParser'>;

export function registerJsonBodyParser(app: ParserHost): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTextExceedsDepth(text)) {
      done(new Invalid(JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
