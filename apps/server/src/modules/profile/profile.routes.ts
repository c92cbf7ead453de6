import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { AppError, ProfileJourneySchema, profilePaths } from '@myeai/domain';
import { countReferredUsers, countSessions, getUserById } from '../auth/index.ts';
import { countCompletedModules } from '../learning/index.ts';

export async function profileRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  /** Journey figures of the profile page, each counted from the user's own rows. */
  app.get(profilePaths.journey, {
    config: { access: 'signedIn' },
    schema: { tags: ['profile'], response: { 200: ProfileJourneySchema } },
    handler: async (request) => {
      const user = await getUserById(deps.db, request.user!.id);
      if (!user) throw new AppError('NOT_FOUND', 'User not found.');
      const [signIns, referred, modulesCompleted] = await Promise.all([countSessions(deps.db, user.id), countReferredUsers(deps.db, user.id), countCompletedModules(deps.db, user.id)]);
      return {
        days_on_platform: Math.max(0, Math.floor((deps.clock.now().getTime() - user.createdAt.getTime()) / 86_400_000)),
        sign_ins: signIns,
        people_referred: referred,
        roles_held: user.roles.length,
        modules_completed: modulesCompleted,
      };
    },
  });
}
