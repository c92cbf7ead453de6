import type { FastifyRequest } from 'fastify';
import { AppError, decideTrialFeature, type TrialFeature } from '@myeai/domain';
import { loadAccessFacts } from './trials.service.ts';

/**
 * preHandler for any route serving a staged trial feature (spec 1 section 4): a newcomer whose
 * trial has not reached the feature's day, has ended, or never started gets 403 with the reason.
 * For routes whose whole answer is the staged feature. The compass, open to every role with
 * premium as a part of its answers, decides per timeframe in its service instead
 * (compassTrialRefusal), with the same text.
 */
export function requireTrialFeature(feature: TrialFeature) {
  return async (request: FastifyRequest): Promise<void> => {
    const { deps } = request.server;
    const facts = await loadAccessFacts(deps.db, request.user!.id);
    const decision = decideTrialFeature(facts, feature, deps.clock.now());
    if (!decision.allowed) throw new AppError('FORBIDDEN', decision.message);
  };
}
