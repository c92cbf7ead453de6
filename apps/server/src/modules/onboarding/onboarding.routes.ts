import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import {
  onboardingPaths,
  OnboardingProfileSchema,
  ProfileQuestionnaireSchema,
  ReferralLookupQuerySchema,
  ReferralLookupSchema,
  SaveProfileResponseSchema,
} from '@myeai/domain';
import { findReferrer, getOnboardingProfile, saveOnboardingProfile } from './onboarding.service.ts';

/** Code look-ups are cheap to enumerate, so they are rate limited per client (reliability catalogue T-52). */
const LOOKUP_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export async function onboardingRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['onboarding'];

  /** Onboarding step 1: who is behind a referral code (first name only). */
  app.get(onboardingPaths.referralLookup, {
    config: { access: 'signedIn', rateLimit: LOOKUP_RATE_LIMIT },
    schema: { tags, querystring: ReferralLookupQuerySchema, response: { 200: ReferralLookupSchema } },
    handler: async (request) => {
      const referrer = await findReferrer(deps.db, request.user!.id, request.query.code);
      return { status: 'success' as const, referrer: { name: referrer.name, referral_code: referrer.referral_code } };
    },
  });

  app.get(onboardingPaths.profile, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: OnboardingProfileSchema } },
    handler: async (request) => getOnboardingProfile(deps.db, request.user!.id),
  });

  /** Onboarding step 2: the questionnaire plus the optional referral code. */
  app.post(onboardingPaths.profile, {
    config: { access: 'signedIn', rateLimit: LOOKUP_RATE_LIMIT },
    schema: { tags, body: ProfileQuestionnaireSchema, response: { 200: SaveProfileResponseSchema } },
    handler: async (request) => saveOnboardingProfile(deps.db, deps.clock, request.user!.id, request.body),
  });
}
