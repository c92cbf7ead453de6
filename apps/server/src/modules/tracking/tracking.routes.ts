import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { countedLinkClick } from '../../link-click.ts';
import { z } from 'zod';
import {
  AppError,
  commissionReversalPaths,
  CONVERSION_SIGNATURE_HEADER,
  ConversionInputSchema,
  ConversionResponseSchema,
  ConversionReverseInputSchema,
  isRedirectableUrl,
  ReversalResponseSchema,
  trackingPaths,
} from '@myeai/domain';
import { findConversionProduct, findRedirectTarget } from '../products/index.ts';
import { newVisitorId, recordClick, recordConversion, reverseReportedConversion, verifyConversionSignature, VISITOR_ID_PATTERN } from './tracking.service.ts';
import { PLAIN_PAGE_STYLE } from '../../plugins/security-headers.ts';

export const VISITOR_COOKIE = 'myeai_vid';
const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 86_400;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONVERSION_BODY_LIMIT = 16 * 1024;

/** The raw body of each conversion report: the signature is over these exact bytes. */
const rawBodies = new WeakMap<FastifyRequest, string>();

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Link not found - MYEAI</title>
<style>${PLAIN_PAGE_STYLE}</style></head>
<body><main><h1>Link not found</h1><p>This affiliate link does not lead to an available product. The product may have been removed or paused.</p><p><a href="/">Go to MYEAI</a></p></main></body>
</html>
`;

function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
}

/**
 * GET /go/:productId?ref=CODE (the affiliate link) and POST /api/conversions (the merchant's
 * signed sale report). Registered in their own scope: the JSON parser here keeps the raw body.
 */
export async function trackingRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: CONVERSION_BODY_LIMIT }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(request, text);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('VALIDATION', 'The body is not valid JSON.'), undefined);
    }
  });

  app.get(trackingPaths.productLink, {
    // Outside /api, so the access guard does not check it; declared for the record: anyone may follow a link.
    config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: { hide: true },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const { productId } = request.params as { productId: string };
      if (!UUID.test(productId)) return sendNotFound(reply);
      const target = await findRedirectTarget(deps.db, productId);
      // The only destination is the stored master link, checked again here (never a query parameter).
      if (!target || !isRedirectableUrl(target.masterLink)) return sendNotFound(reply);

      const click = countedLinkClick(request);
      if (click) {
        const cookie = request.cookies[VISITOR_COOKIE];
        const visitorId = cookie && VISITOR_ID_PATTERN.test(cookie) ? cookie : newVisitorId();
        const query = request.query as Record<string, unknown>;
        await recordClick(deps.db, deps.clock, {
          productId: target.id,
          ref: typeof query.ref === 'string' ? query.ref : null,
          visitorId,
          ...click,
          clickerUserId: request.user?.id ?? null,
        });
        reply.setCookie(VISITOR_COOKIE, visitorId, {
          path: '/go',
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.config.publicUrl?.startsWith('https://') ?? deps.config.isProduction,
          maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
        });
      }
      return reply.redirect(target.masterLink, 302);
    },
  });

  app.post(trackingPaths.conversions, {
    config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    bodyLimit: CONVERSION_BODY_LIMIT,
    schema: {
      tags: ['conversions'],
      description:
        'A merchant reports a sale made through an affiliate link. Sign the raw body: header X-MYEAI-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the product\'s conversion secret>, within 5 minutes. Idempotent on (product_id, order_id).',
      body: ConversionInputSchema,
      response: { 200: ConversionResponseSchema, 201: ConversionResponseSchema },
    },
    handler: async (request, reply) => {
      const product = await findConversionProduct(deps.db, request.body.product_id);
      const rawBody = rawBodies.get(request) ?? '';
      // An unknown product answers like a bad signature: no oracle for product ids.
      if (!product || !verifyConversionSignature(product.secret, request.headers[CONVERSION_SIGNATURE_HEADER], rawBody, deps.clock.now())) {
        request.log.warn({ productId: request.body.product_id }, 'conversion report refused: invalid or expired signature');
        throw new AppError('UNAUTHENTICATED', 'Invalid or expired signature.');
      }
      const result = await recordConversion(deps.db, deps.clock, product, request.body);
      return reply.status(result.status === 'created' ? 201 : 200).send(result);
    },
  });

  app.post(commissionReversalPaths.conversionReverse, {
    config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    bodyLimit: CONVERSION_BODY_LIMIT,
    schema: {
      tags: ['conversions'],
      description:
        'A merchant reverses a sale it reported (a refund, a chargeback), in full or in part: {reference} is the order_id of the conversion. Signed exactly as POST /api/conversions (X-MYEAI-Signature over the raw body with the product\'s conversion secret). amount_cents is the sale amount taken back (omitted: all that is left); the commission is reversed in proportion by a negative ledger line. Idempotent on reversal_id (required for a partial reversal): a replay answers the first reversal. 409 when the commission is already reversed in full.',
      params: z.object({ reference: z.string().min(1).max(200) }),
      body: ConversionReverseInputSchema,
      response: { 200: ReversalResponseSchema, 201: ReversalResponseSchema },
    },
    handler: async (request, reply) => {
      const product = await findConversionProduct(deps.db, request.body.product_id);
      const rawBody = rawBodies.get(request) ?? '';
      if (!product || !verifyConversionSignature(product.secret, request.headers[CONVERSION_SIGNATURE_HEADER], rawBody, deps.clock.now())) {
        request.log.warn({ productId: request.body.product_id }, 'conversion reversal refused: invalid or expired signature');
        throw new AppError('UNAUTHENTICATED', 'Invalid or expired signature.');
      }
      const result = await reverseReportedConversion(deps.db, deps.clock, product, request.params.reference, request.body);
      return reply.status(result.status === 'reversed' ? 201 : 200).send(result);
    },
  });
}
