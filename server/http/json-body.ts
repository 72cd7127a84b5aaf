import type { FastifyInstance } from 'fastify';

/**
 * The web client sends `Content-Type: application/json` on every call, including bodiless DELETEs
 * (sign out, unlike, remove). Fastify's JSON parser rejects an empty body with a 400, so this one
 * reads an empty body as no body and leaves everything else (with its prototype-poisoning guards)
 * to Fastify's own parser. A route that needs a body still answers 422 through its schema.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
