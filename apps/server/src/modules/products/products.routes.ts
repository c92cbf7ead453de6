import type { FastifyInstance, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import { z } from 'zod';
import {
  ConversionSecretSchema,
  CreateProductCategoryInputSchema,
  ListProductsQuerySchema,
  ProductCategoryListSchema,
  ProductCategorySchema,
  ProductIdParamsSchema,
  ProductInputSchema,
  ProductListSchema,
  ProductSchema,
  decideAccess,
  productsPaths,
} from '@myeai/domain';
import {
  createCategory,
  createProduct,
  deleteProduct,
  getConversionSecret,
  getProduct,
  listCategories,
  listProducts,
  updateProduct,
  type ProductViewer,
} from './products.service.ts';

function viewerOf(request: FastifyRequest): ProductViewer {
  const user = request.user!;
  return { id: user.id, isAdmin: decideAccess('admin', { activeRole: user.activeRole }) === 'allowed' };
}

/** The Opportunity Engine (/products, every role); admins add, edit and delete products. */
export async function productsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const tags = ['products'];

  app.get(productsPaths.list, {
    config: { access: 'everyRole' },
    schema: { tags, querystring: ListProductsQuerySchema, response: { 200: ProductListSchema } },
    handler: async (request) => listProducts(deps.db, viewerOf(request), request.query),
  });

  app.get(productsPaths.categories, {
    config: { access: 'everyRole' },
    schema: { tags, response: { 200: ProductCategoryListSchema } },
    handler: async () => ({ categories: await listCategories(deps.db) }),
  });

  app.post(productsPaths.adminCategories, {
    config: { access: 'admin' },
    schema: { tags, body: CreateProductCategoryInputSchema, response: { 201: ProductCategorySchema } },
    handler: async (request, reply) => reply.status(201).send(await createCategory(deps.db, deps.clock, request.user!.id, request.body)),
  });

  app.post(productsPaths.adminList, {
    config: { access: 'admin' },
    schema: { tags, body: ProductInputSchema, response: { 201: ProductSchema } },
    handler: async (request, reply) => {
      const viewer = viewerOf(request);
      const id = await createProduct(deps.db, deps.clock, viewer, request.body);
      return reply.status(201).send(await getProduct(deps.db, viewer, id));
    },
  });

  app.put(productsPaths.adminOne, {
    config: { access: 'admin' },
    schema: { tags, params: ProductIdParamsSchema, body: ProductInputSchema, response: { 200: ProductSchema } },
    handler: async (request) => {
      const viewer = viewerOf(request);
      await updateProduct(deps.db, deps.clock, viewer, request.params.id, request.body);
      return getProduct(deps.db, viewer, request.params.id);
    },
  });

  app.delete(productsPaths.adminOne, {
    config: { access: 'admin' },
    schema: { tags, params: ProductIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await deleteProduct(deps.db, deps.clock, viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get(productsPaths.conversionSecret, {
    config: { access: 'admin' },
    schema: { tags, params: ProductIdParamsSchema, response: { 200: ConversionSecretSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getConversionSecret(deps.db, request.params.id);
    },
  });
}
