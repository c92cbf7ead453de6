import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  apiPath,
  ConversionSecretSchema,
  ProductCategoryListSchema,
  ProductCategorySchema,
  ProductListSchema,
  ProductSchema,
  type ProductInput,
  productsPaths,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

export const productKeys = {
  all: ['products'] as const,
  list: (categoryId: string | null) => ['products', 'list', categoryId ?? 'all'] as const,
  categories: ['products', 'categories'] as const,
  secret: (id: string) => ['products', 'secret', id] as const,
};

export const productListQueryOptions = (categoryId: string | null) =>
  queryOptions({
    queryKey: productKeys.list(categoryId),
    queryFn: () => apiRequest(`${apiPath(productsPaths.list)}${categoryId ? `?category_id=${encodeURIComponent(categoryId)}` : ''}`, { schema: ProductListSchema }),
  });

/** The catalogue (the chosen category only) with the tiles of the whole catalogue; the last list stays while the next loads. */
export function useProducts(categoryId: string | null) {
  return useQuery({ ...productListQueryOptions(categoryId), placeholderData: keepPreviousData });
}

export function useProductCategories() {
  return useQuery({ queryKey: productKeys.categories, queryFn: () => apiRequest(apiPath(productsPaths.categories), { schema: ProductCategoryListSchema }) });
}

export function useCreateProduct() {
  return useRefreshingMutation(productKeys.all, (input: ProductInput) => apiRequest(apiPath(productsPaths.adminList), { method: 'POST', body: input, schema: ProductSchema }));
}

export function useUpdateProduct() {
  return useRefreshingMutation(productKeys.all, ({ id, input }: { id: string; input: ProductInput }) => apiRequest(apiPath(productsPaths.adminOne, { id }), { method: 'PUT', body: input, schema: ProductSchema }));
}

export function useDeleteProduct() {
  return useRefreshingMutation(productKeys.all, (id: string) => apiRequest(apiPath(productsPaths.adminOne, { id }), { method: 'DELETE', schema: z.unknown() }));
}

export function useCreateCategory() {
  return useRefreshingMutation(productKeys.all, (name: string) => apiRequest(apiPath(productsPaths.adminCategories), { method: 'POST', body: { name }, schema: ProductCategorySchema }));
}

/** Admin only, fetched when asked for (never kept in the list). */
export function useConversionSecret(productId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: productKeys.secret(productId),
    queryFn: () => apiRequest(apiPath(productsPaths.conversionSecret, { id: productId }), { schema: ConversionSecretSchema }),
    enabled: isEnabled,
    staleTime: 0,
    gcTime: 0,
  });
}
