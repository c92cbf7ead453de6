import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  JoinQuerySchema,
  normaliseUtmSource,
  JoinResponseSchema,
  OkSchema,
  referralCodeFromInput,
  ReferralLandingContentResponseSchema,
  ReferralLandingContentSchema,
  referralLinkPath,
  referralsPaths,
  ReferralStatsResponseSchema,
  TrackCtaClickInputSchema,
  TrackPageTimeInputSchema,
} from '@myeai/domain';
import {
  findReferrer,
  getJoinLanding,
  getReferralLandingContent,
  getReferralStats,
  INVALID_REFERRAL_CODE,
  recordLandingEvent,
  recordShortLinkClick,
  saveReferralLandingContent,
  type LandingReport,
} from './referrals.service.ts';
import { issueVisitorId, REFERRAL_VISITOR_COOKIE, signingKey, verifyVisitorId } from './visitor-id.ts';
import { rememberVisitor } from './attribution.service.ts';
import { referralProgrammeRoutes } from './referral-programme.routes.ts';
import { PLAIN_PAGE_STYLE } from '../../plugins/security-headers.ts';
import { zodRoutes } from '../../module-routes.ts';
import { countedLinkClick } from '../../link-click.ts';

const VISITOR_COOKIE_MAX_AGE_SECONDS = 90 * 86_400;
const TRACK_BODY_LIMIT = 2048;
/** Public flows, limited per client address (T-46, T-52, T-87). */
const SHORT_LINK_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
const JOIN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const TRACK_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Link not found - MYEAI</title>
<style>${PLAIN_PAGE_STYLE}</style></head>
<body><main><h1>Link not found</h1><p>This is not a MYEAI referral link. Check that it was copied completely.</p><p><a href="/">Go to MYEAI</a></p></main></body>
</html>
`;

function origin(request: FastifyRequest): string {
  const configured = request.server.deps.config.publicUrl;
  return configured ? configured.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
}

/** The visitor's signed id from the cookie, or a new one (set on the reply). */
async function visitorOf(request: FastifyRequest, reply: FastifyReply): Promise<{ token: string; random: string }> {
  const { deps } = request.server;
  const cookie = request.cookies[REFERRAL_VISITOR_COOKIE];
  const random = await verifyVisitorId(deps.db, deps.clock, cookie);
  if (cookie && random) return { token: cookie, random };
  const token = await issueVisitorId(deps.db, deps.clock);
  reply.setCookie(REFERRAL_VISITOR_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.publicUrl?.startsWith('https://') ?? deps.config.isProduction,
    maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
  });
  return { token, random: token.split('.')[0]! };
}

export async function referralsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  // The visitor-id key is read (or made, once) at start-up, so no GET request ever writes it.
  await signingKey(deps.db, deps.clock);

  /** The Share & Earn popup (spec 1 sections 2.7 and 7). */
  app.get(referralsPaths.stats, {
    config: { access: 'everyRole' },
    schema: { tags: ['referrals'], response: { 200: ReferralStatsResponseSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await getReferralStats(deps.db, deps.clock, request.user!.id, origin(request)) };
    },
  });

  /**
   * The short link. A well-formed code always gets the same 302 to /join?ref=CODE (built from the
   * normalised code only, never from the request: no open redirect, no oracle for codes); every
   * visit of a person for a known code is stored, with its utm_source. An alias the migration kept
   * redirects to its user's current code; anything else malformed: 404.
   */
  app.get(referralsPaths.shortLink, {
    // Outside /api, so the access guard does not check it; declared for the record: anyone may follow a link.
    config: { access: 'public', rateLimit: SHORT_LINK_RATE_LIMIT },
    schema: { hide: true, params: z.object({ code: z.string().max(64) }) },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const code = referralCodeFromInput(request.params.code);
      // An alias the migration kept (an old user-id link) resolves to its user's current code.
      const referrer = await findReferrer(deps.db, request.params.code);
      if (!code && !referrer) return reply.status(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
      const click = countedLinkClick(request);
      if (referrer && click) {
        const visitor = await visitorOf(request, reply);
        await recordShortLinkClick(deps.db, deps.clock, {
          referrerId: referrer.id,
          visitorId: visitor.random,
          ...click,
          utmSource: normaliseUtmSource((request.query as Record<string, unknown>).utm_source),
        });
        if (request.user) await rememberVisitor(deps.db, deps.clock, request.user.id, visitor.token);
      }
      return reply.redirect(referralLinkPath(code ?? referrer!.referralCode), 302);
    },
  });

  /** The referral landing page's content (spec 1 sections 2.8 and 7). */
  app.get(referralsPaths.join, {
    config: { access: 'public', rateLimit: JOIN_RATE_LIMIT },
    schema: { tags: ['referrals'], querystring: JoinQuerySchema, response: { 200: JoinResponseSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.query.ref?.trim()) throw new AppError('VALIDATION', 'A referral code is required.', [{ path: 'ref', message: 'A referral code is required.' }]);
      // Malformed and unknown codes get the same answer (no enumeration oracle, T-52).
      const referrer = await findReferrer(deps.db, request.query.ref);
      if (!referrer) throw new AppError('NOT_FOUND', INVALID_REFERRAL_CODE);
      const visitor = await visitorOf(request, reply);
      if (request.user) await rememberVisitor(deps.db, deps.clock, request.user.id, visitor.token);
      const landing = await getJoinLanding(deps.db, referrer);
      return {
        status: 'success' as const,
        data: { visitor_id: visitor.token, referral_code: referrer.referralCode, referrer_name: landing.referrer_name, content: landing.content },
      };
    },
  });

  app.get(referralsPaths.adminLanding, {
    config: { access: 'admin' },
    schema: { tags: ['referrals'], response: { 200: ReferralLandingContentResponseSchema } },
    handler: async () => getReferralLandingContent(deps.db),
  });

  app.put(referralsPaths.adminLanding, {
    config: { access: 'admin' },
    schema: {
      tags: ['referrals'],
      description: 'The referral landing page content; {referrer_name} is replaced by the referrer’s first name.',
      body: ReferralLandingContentSchema,
      response: { 200: ReferralLandingContentResponseSchema },
    },
    handler: async (request) => {
      await saveReferralLandingContent(deps.db, deps.clock, request.user!.id, request.body);
      return getReferralLandingContent(deps.db);
    },
  });

  // The landing page's reports, in their own scope: navigator.sendBeacon sends text/plain, which
  // only these two routes accept.
  await app.register(async (scope) => {
    const track = zodRoutes(scope).app;
    track.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: TRACK_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('VALIDATION', 'The report is not valid JSON.'), undefined);
      }
    });

    const report = async (visitorId: string, referralCode: string, landingReport: LandingReport) => {
      const random = await verifyVisitorId(deps.db, deps.clock, visitorId);
      if (!random) throw new AppError('VALIDATION', 'Unknown visitor.', [{ path: 'visitor_id', message: 'Unknown visitor.' }]);
      await recordLandingEvent(deps.db, deps.clock, { visitorId: random, referralCode, report: landingReport });
      return { status: 'success' as const };
    };

    track.post(referralsPaths.trackPageTime, {
      bodyLimit: TRACK_BODY_LIMIT,
      config: { access: 'public', rateLimit: TRACK_RATE_LIMIT },
      schema: { tags: ['referrals'], body: TrackPageTimeInputSchema, response: { 200: OkSchema } },
      handler: async (request) =>
        report(request.body.visitor_id, request.body.referral_code, { kind: 'page_time', seconds: request.body.time_on_page_seconds }),
    });

    track.post(referralsPaths.trackCtaClick, {
      bodyLimit: TRACK_BODY_LIMIT,
      config: { access: 'public', rateLimit: TRACK_RATE_LIMIT },
      schema: { tags: ['referrals'], body: TrackCtaClickInputSchema, response: { 200: OkSchema } },
      handler: async (request) => report(request.body.visitor_id, request.body.referral_code, { kind: 'cta_click' }),
    });
  });

  await referralProgrammeRoutes(root);
}
