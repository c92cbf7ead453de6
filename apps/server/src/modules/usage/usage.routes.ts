import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { AppError, OkSchema, TrackEventInputSchema, usagePaths } from '@myeai/domain';
import { usageWriterFor } from './usage-writer.ts';

/** A tracked event is small; anything larger is refused before it is parsed. */
const TRACK_BODY_LIMIT = 4096;
/**
 * A tab sends a page view per page read for over a second and a few actions; 60 a minute per
 * session leaves room for that and keeps one session from filling the table or inflating its
 * engagement score (reliability catalogue 2.4.1). Over it: 429, which the client ignores.
 */
export const TRACK_EVENTS_PER_MINUTE = 60;

export async function usageRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const writer = usageWriterFor(deps);
  writer.onFailure((error, lost) => root.log.error({ err: error, lost }, 'usage events could not be stored'));
  root.addHook('preClose', () => writer.drain());

  // navigator.sendBeacon(url, string) sends text/plain; its body is the same JSON. This parser
  // belongs to this plugin only (Fastify encapsulation), so no other route accepts text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: TRACK_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('VALIDATION', 'The event is not valid JSON.'), undefined);
    }
  });

  /** Usage tracking (spec 1 section 7): append-only; the client ignores failures. */
  app.post(usagePaths.trackEvent, {
    bodyLimit: TRACK_BODY_LIMIT,
    // Every tab posts these all the time; dropping the user's cached session and pages on each
    // one would turn every following request into database reads.
    config: {
      access: 'signedIn',
      leavesUserCaches: true,
      // preHandler: the session is known by then; keyed by session, so each tab's sign-in counts alone.
      rateLimit: { max: deps.config.trackEventsPerMinute ?? TRACK_EVENTS_PER_MINUTE, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (request) => `track-event:${request.user!.sessionId}` },
    },
    schema: { tags: ['usage'], body: TrackEventInputSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      await writer.write(request.user!.id, request.body);
      return { status: 'success' as const };
    },
  });
}
