import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorResponse } from '@myeai/domain';

function body(code: ErrorResponse['error']['code'], message: string, details?: ErrorResponse['error']['details']): ErrorResponse {
  return { error: details ? { code, message, details } : { code, message } };
}

/** Maps every failure to the JSON error body of @myeai/domain; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send(body('VALIDATION', details[0]?.message ?? 'Invalid request.', details));
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body(error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}
