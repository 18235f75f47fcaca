import type { FastifyError, FastifyInstance } from 'fastify';
import { ClientError } from '../domain/errors.ts';

/**
 * Routes that take a file as the request body (a device picture, a file of the web app), in a
 * scope of their own: there, and only there, any Content-Type is read as raw bytes up to `limit`
 * (the app's other routes keep refusing what is not JSON or a form). A bigger body is refused with
 * a 400 saying so, as Traccar's "Image size limit exceeded", instead of Fastify's bare 413.
 */
export function binaryRoutes(app: FastifyInstance, limit: number, tooLarge: string, routes: (scope: FastifyInstance) => void): void {
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_request, body, parsed) => parsed(null, body));
    scope.setErrorHandler((error: FastifyError) => {
      // thrown on to the app's error handler, which words every error alike
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ClientError(`${tooLarge} (${limit} bytes at most)`);
      throw error;
    });
    routes(scope);
    done();
  });
}

/** The bytes of a binary body, or a 400 when there are none. */
export function bodyBytes(body: unknown, what: string): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ClientError(`${what} is empty: send the file's bytes as the request body`);
  return body;
}
