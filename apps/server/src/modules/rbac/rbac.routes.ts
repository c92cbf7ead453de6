import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SwitchRoleInputSchema, UserProfileSchema } from '@myeai/domain';
import { switchActiveRole, toProfile } from '../auth/users.service.ts';

export async function rbacRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post('/api/rbac/switch-role', {
    config: { access: 'signedIn' },
    schema: { tags: ['rbac'], body: SwitchRoleInputSchema, response: { 200: z.object({ status: z.literal('success'), user: UserProfileSchema }) } },
    handler: async (request) => {
      const user = await switchActiveRole(root.deps.db, request.user!.id, request.body.role);
      return { status: 'success' as const, user: toProfile(user) };
    },
  });
}
