import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import {
  AdminUserResponseSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  AvailableReferrersQuerySchema,
  AvailableReferrersSchema,
  MyTeamQuerySchema,
  MyTeamSchema,
  peoplePaths,
  PersonIdParamsSchema,
  UpdateReferralInputSchema,
  UpdateUserRolesInputSchema,
} from '@myeai/domain';
import { sendJsonBody, userChangeFeedFor, validatedJsonBody } from '../changes/index.ts';
import { PeopleDirectoryCache } from './people-directory-cache.ts';
import { getMyTeam, listAvailableReferrers, listPeople, reactivateUser, setUserReferral, setUserRoles, suspendUser } from './people.service.ts';

/** Admin People Management (spec 2 "Admin People Management", admin only) and My Team (every role, own team). */
export async function peopleRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['people'];
  const pages = new PeopleDirectoryCache<Buffer>(userChangeFeedFor(deps));

  app.get(peoplePaths.users, {
    config: { access: 'admin' },
    schema: { tags, querystring: AdminUsersQuerySchema, response: { 200: AdminUsersPageSchema } },
    handler: async (request, reply) => {
      const body = await pages.read(JSON.stringify(request.query), deps.clock.now().getTime(), async () =>
        validatedJsonBody(AdminUsersPageSchema, await listPeople(deps.db, request.query)),
      );
      return sendJsonBody(reply, body);
    },
  });

  app.post(peoplePaths.roles, {
    config: { access: 'admin' },
    schema: { tags, params: PersonIdParamsSchema, body: UpdateUserRolesInputSchema, response: { 200: AdminUserResponseSchema } },
    handler: async (request) => ({ status: 'success' as const, user: await setUserRoles(deps, request.user!.id, request.params.id, request.body.roles) }),
  });

  app.post(peoplePaths.referral, {
    config: { access: 'admin' },
    schema: { tags, params: PersonIdParamsSchema, body: UpdateReferralInputSchema, response: { 200: AdminUserResponseSchema } },
    handler: async (request) => ({ status: 'success' as const, user: await setUserReferral(deps, request.user!.id, request.params.id, request.body) }),
  });

  app.post(peoplePaths.suspend, {
    config: { access: 'admin' },
    schema: { tags, params: PersonIdParamsSchema, response: { 200: AdminUserResponseSchema } },
    handler: async (request) => ({ status: 'success' as const, user: await suspendUser(deps, request.user!.id, request.params.id) }),
  });

  app.post(peoplePaths.reactivate, {
    config: { access: 'admin' },
    schema: { tags, params: PersonIdParamsSchema, response: { 200: AdminUserResponseSchema } },
    handler: async (request) => ({ status: 'success' as const, user: await reactivateUser(deps, request.user!.id, request.params.id) }),
  });

  app.get(peoplePaths.availableReferrers, {
    config: { access: 'admin' },
    schema: { tags, querystring: AvailableReferrersQuerySchema, response: { 200: AvailableReferrersSchema } },
    handler: async (request) => listAvailableReferrers(deps.db, request.query.search),
  });

  app.get(peoplePaths.myTeam, {
    config: { access: 'everyRole' },
    schema: { tags, querystring: MyTeamQuerySchema, response: { 200: MyTeamSchema } },
    handler: async (request) => getMyTeam(deps.db, deps.clock, request.user!.id, request.query),
  });
}
