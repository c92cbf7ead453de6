import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import {
  AccessLevelSchema,
  AppError,
  isTrialFeatureAvailable,
  ActivateTrialResponseSchema,
  ExpireTrialsResponseSchema,
  ExtendTrialInputSchema,
  ExtendTrialResponseSchema,
  FeatureAccessParamsSchema,
  FeatureAccessSchema,
  stageOf,
  TRIAL_EXTENSION_DEFAULT_DAYS,
  TRIAL_FEATURES,
  TRIAL_LENGTH_DAYS,
  TrialAnalyticsSchema,
  TrialIdParamsSchema,
  trialPaths,
  TrialStatusSchema,
  UnlockedFeaturesSchema,
  UpgradeRecommendationSchema,
  type TrialFeature,
} from '@myeai/domain';
import { recordUsageEvent } from '../usage/index.ts';
import { requireTrialFeature } from './trial-feature-guard.ts';
import { expireDueTrials, extendTrial, getTrialAnalytics } from './trials-admin.service.ts';
import { activateTrial, getAccessLevel, getTrialStatus, getUnlockedFeatures, getUpgradeRecommendation } from './trials.service.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export async function trialsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['trials'];

  app.get(trialPaths.accessLevel, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: AccessLevelSchema } },
    handler: async (request) => getAccessLevel(deps.db, deps.clock, request.user!.id),
  });

  app.post(trialPaths.activate, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: ActivateTrialResponseSchema } },
    handler: async (request) => {
      const trial = await activateTrial(deps.db, deps.clock, request.user!.id);
      return {
        status: 'success' as const,
        message: `Your ${TRIAL_LENGTH_DAYS}-day free trial is active until ${dateFormat.format(trial.endsAt)}. No card needed.`,
        trial_ends_at: trial.endsAt.toISOString(),
      };
    },
  });

  app.get(trialPaths.status, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: TrialStatusSchema } },
    handler: async (request) => getTrialStatus(deps.db, deps.clock, request.user!.id),
  });

  app.get(trialPaths.unlockedFeatures, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: UnlockedFeaturesSchema } },
    handler: async (request) => getUnlockedFeatures(deps.db, deps.clock, request.user!.id),
  });

  /**
   * Opens a staged feature: refused (403) until the trial reaches its day; when granted, the use
   * is recorded as a feature_access event. Other modules guard their data with requireTrialFeature.
   * A feature whose screen is not built yet is 404 on every day: nothing may call it unlocked.
   */
  app.get(trialPaths.featureAccess, {
    config: { access: 'signedIn' },
    schema: { tags, params: FeatureAccessParamsSchema, response: { 200: FeatureAccessSchema } },
    preHandler: async (request) => {
      const feature = request.params.feature as TrialFeature;
      if (!isTrialFeatureAvailable(feature)) throw new AppError('NOT_FOUND', `${TRIAL_FEATURES[feature]} is not open yet: it is still in development.`);
      await requireTrialFeature(feature)(request);
    },
    handler: async (request) => {
      const feature = request.params.feature as TrialFeature;
      await recordUsageEvent(deps.db, deps.clock, request.user!.id, {
        event_type: 'feature_access',
        component: 'feature-access',
        action_details: { feature_name: TRIAL_FEATURES[feature] },
      });
      const stage = stageOf(feature);
      return { feature, feature_name: TRIAL_FEATURES[feature], stage: stage.name, unlock_day: stage.day, unlocked: true as const };
    },
  });

  app.get(trialPaths.upgradeRecommendation, {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: UpgradeRecommendationSchema } },
    handler: async (request) => getUpgradeRecommendation(deps.db, deps.clock, request.user!.id),
  });

  app.get(trialPaths.adminAnalytics, {
    config: { access: 'admin' },
    schema: { tags, response: { 200: TrialAnalyticsSchema } },
    handler: async () => getTrialAnalytics(deps.db, deps.clock),
  });

  app.post(trialPaths.extendTrial, {
    config: { access: 'admin' },
    schema: { tags, params: TrialIdParamsSchema, body: ExtendTrialInputSchema.optional(), response: { 200: ExtendTrialResponseSchema } },
    handler: async (request) => {
      const trial = await extendTrial(deps.db, deps.clock, request.user!.id, request.params.id, request.body?.days ?? TRIAL_EXTENSION_DEFAULT_DAYS);
      return { status: 'success' as const, trial_ends_at: trial.endsAt.toISOString() };
    },
  });

  app.post(trialPaths.expireTrials, {
    config: { access: 'admin' },
    schema: { tags, response: { 200: ExpireTrialsResponseSchema } },
    handler: async (request) => ({ status: 'success' as const, expired_trials: await expireDueTrials(deps.db, deps.clock, request.user!.id) }),
  });
}
