import type { FastifyInstance } from 'fastify';
import {
  AssignMemberInputSchema,
  CellAdvancementSchema,
  CellAuditQuerySchema,
  CellAuditSchema,
  CellIdParamsSchema,
  CellListQuerySchema,
  CellListSchema,
  CellMemberParamsSchema,
  CellResponseSchema,
  CellUserSearchQuerySchema,
  CellUserSearchSchema,
  CellVersionInputSchema,
  CellVersionQuerySchema,
  CommissionCellSchema,
  commissionNetworkPaths,
  CreateCellInputSchema,
  MoveMemberInputSchema,
  NetworkAnalyticsSchema,
  UpdateCellInputSchema,
} from '@myeai/domain';
import {
  archiveCell,
  assignMember,
  cellAuditTrail,
  createCell,
  getCell,
  listCells,
  moveMember,
  networkAnalytics,
  removeMember,
  searchCellUsers,
  setCellLock,
  updateCellDetails,
} from './cell-network.service.ts';
import { cellAdvancement } from './cell-advancement.service.ts';
import { zodRoutes } from '../../module-routes.ts';

/** The Network Manager's cell and seat calls (spec 3 sections 2.11 and 7), admin only; decision 040. */
export async function cellNetworkRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['commission-cells'];
  const access = 'admin' as const;
  const paths = commissionNetworkPaths;

  app.get(paths.cells, {
    config: { access },
    schema: { tags, querystring: CellListQuerySchema, response: { 200: CellListSchema } },
    handler: async (request) => listCells(deps.db, request.query),
  });

  app.post(paths.cells, {
    config: { access },
    schema: { tags, body: CreateCellInputSchema, response: { 201: CellResponseSchema } },
    handler: async (request, reply) => reply.code(201).send(await createCell(deps.db, deps.clock, request.user!.id, request.body)),
  });

  app.get(paths.cell, {
    config: { access },
    schema: { tags, params: CellIdParamsSchema, response: { 200: CommissionCellSchema } },
    handler: async (request) => getCell(deps.db, request.params.id),
  });

  app.put(paths.cell, {
    config: { access },
    schema: { tags, params: CellIdParamsSchema, body: UpdateCellInputSchema, response: { 200: CellResponseSchema } },
    handler: async (request) => updateCellDetails(deps.db, deps.clock, request.user!.id, request.params.id, request.body),
  });

  app.get(paths.advancement, {
    config: { access },
    schema: { tags, params: CellIdParamsSchema, response: { 200: CellAdvancementSchema } },
    handler: async (request) => cellAdvancement(deps.db, deps.clock, request.params.id),
  });

  app.post(paths.archive, {
    config: { access },
    schema: { tags, params: CellIdParamsSchema, body: CellVersionInputSchema, response: { 200: CellResponseSchema } },
    handler: async (request) => archiveCell(deps.db, deps.clock, request.user!.id, request.params.id, request.body.version),
  });

  app.put(paths.lock, {
    config: { access },
    schema: { tags, params: CellIdParamsSchema, body: CellVersionInputSchema, response: { 200: CellResponseSchema } },
    handler: async (request) => setCellLock(deps.db, deps.clock, request.user!.id, request.params.id, request.body.version, true),
  });

  app.put(paths.unlock, {
    config: { access },
    schema: { tags, params: CellIdParamsSchema, body: CellVersionInputSchema, response: { 200: CellResponseSchema } },
    handler: async (request) => setCellLock(deps.db, deps.clock, request.user!.id, request.params.id, request.body.version, false),
  });

  app.post(paths.assign, {
    config: { access },
    schema: { tags, params: CellIdParamsSchema, body: AssignMemberInputSchema, response: { 200: CellResponseSchema } },
    handler: async (request) => assignMember(deps.db, deps.clock, request.user!.id, request.params.id, request.body),
  });

  app.delete(paths.member, {
    config: { access },
    schema: { tags, params: CellMemberParamsSchema, querystring: CellVersionQuerySchema, response: { 200: CellResponseSchema } },
    handler: async (request) => removeMember(deps.db, deps.clock, request.user!.id, request.params.id, request.params.userId, request.query.version),
  });

  app.put(paths.move, {
    config: { access },
    schema: { tags, params: CellIdParamsSchema, body: MoveMemberInputSchema, response: { 200: CellResponseSchema } },
    handler: async (request) => moveMember(deps.db, deps.clock, request.user!.id, request.params.id, request.body),
  });

  app.get(paths.analytics, {
    config: { access },
    schema: { tags, response: { 200: NetworkAnalyticsSchema } },
    handler: async () => networkAnalytics(deps.db),
  });

  app.get(paths.userSearch, {
    config: { access },
    schema: { tags, querystring: CellUserSearchQuerySchema, response: { 200: CellUserSearchSchema } },
    handler: async (request) => searchCellUsers(deps.db, request.query.q),
  });

  app.get(paths.audit, {
    config: { access },
    schema: { tags, querystring: CellAuditQuerySchema, response: { 200: CellAuditSchema } },
    handler: async (request) => cellAuditTrail(deps.db, request.query.cell_id),
  });
}
