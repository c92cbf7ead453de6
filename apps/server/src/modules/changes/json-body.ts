import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * A response body checked against its schema once, when it is built, and kept as bytes: a cached
 * body is then sent as it is, without validating and serialising it again on every request.
 */
export function validatedJsonBody<S extends z.ZodType>(schema: S, value: z.input<S>): Buffer {
  return Buffer.from(JSON.stringify(schema.encode(value as z.output<S>)));
}

/**
 * Sends bytes made by validatedJsonBody. The reply is untyped because the route's schema
 * describes the JSON these bytes hold, not a Buffer.
 */
export function sendJsonBody(reply: FastifyReply, body: Buffer): FastifyReply {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
}
