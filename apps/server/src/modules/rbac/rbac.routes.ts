import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPaths, SwitchRoleInputSchema, SwitchRoleResponseSchema } from '@myeai/domain';
import { switchActiveRole, toProfile } from '../auth/index.ts';
import { peopleRoutes } from './people.routes.ts';

export async function rbacRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(authPaths.switchRole, {
    config: { access: 'signedIn' },
    schema: { tags: ['rbac'], body: SwitchRoleInputSchema, response: { 200: SwitchRoleResponseSchema } },
    handler: async (request) => {
      const user = await switchActiveRole(root.deps.db, request.user!.id, request.body.role);
      return { status: 'success' as const, user: toProfile(user) };
    },
  });
  await peopleRoutes(root);
}
