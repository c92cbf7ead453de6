import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { AuditLogPageSchema, auditPaths, ListAuditLogQuerySchema } from '@myeai/domain';
import { listAuditLog } from './audit.service.ts';

export async function auditRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);

  app.get(auditPaths.log, {
    config: { access: 'admin' },
    schema: { tags: ['admin'], querystring: ListAuditLogQuerySchema, response: { 200: AuditLogPageSchema } },
    handler: async (request) => listAuditLog(deps.db, request.query),
  });
}
