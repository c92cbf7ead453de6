import { Button, Chip, Container, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { decideAccess, type Product, type UserProfile } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { MarketingResources } from '../../learning/index.ts';
import { useProductCategories, useProducts } from '../api/products-api.ts';
import { DeleteProductModal } from './delete-product-modal.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductFormModal } from './product-form-modal.tsx';
import { ProductMetrics } from './product-metrics.tsx';
import { ProductPreviewModal } from './product-preview-modal.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

const ALL = 'all';

function EmptyCatalogue({ isFiltered, isAdmin, onAdd }: { isFiltered: boolean; isAdmin: boolean; onAdd: () => void }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <Text fw={600}>{isFiltered ? 'No products in this category' : 'No products yet'}</Text>
      <Text size="sm" c="dimmed">
        {isFiltered ? 'Choose another category or All.' : isAdmin ? 'Add the first product to the catalogue.' : 'New opportunities will appear here.'}
      </Text>
      {isAdmin && !isFiltered && (
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
          Add Product
        </Button>
      )}
    </Stack>
  );
}

/** /products, the Opportunity Engine (spec 2): catalogue, tracked affiliate links; admins manage products. */
export function ProductsPage({ user }: { user: UserProfile }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryId = searchParams.get('category');
  const isAdmin = decideAccess('admin', { activeRole: user.active_role }) === 'allowed';
  const products = useProducts(categoryId);
  const categories = useProductCategories();
  const [formProduct, setFormProduct] = useState<Product | null | undefined>(undefined);
  const [previewProduct, setPreviewProduct] = useState<Product | null>(null);
  const [deletingProduct, setDeletingProduct] = useState<Product | null>(null);

  const onCategory = (value: string | string[]) => {
    const next = Array.isArray(value) ? value[0] : value;
    setSearchParams(!next || next === ALL ? {} : { category: next }, { replace: true });
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader screen="/products" subtitle="Share products with your own tracked link and earn a commission on every sale." gap="sm">
          {isAdmin && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setFormProduct(null)}>
              Add Product
            </Button>
          )}
        </PageHeader>

        {products.isError ? (
          <LoadError message={products.error.message} onRetry={() => void products.refetch()} />
        ) : products.isPending ? (
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={72} radius="md" />
            ))}
          </SimpleGrid>
        ) : (
          <ProductMetrics metrics={products.data.metrics} />
        )}

        <MarketingResources />

        {categories.isError ? (
          <LoadError message={categories.error.message} onRetry={() => void categories.refetch()} />
        ) : (
          categories.data && categories.data.categories.length > 0 && (
            <Chip.Group multiple={false} value={categoryId ?? ALL} onChange={onCategory}>
              <Group gap="xs" role="radiogroup" aria-label="Filter by category">
                <Chip value={ALL}>All</Chip>
                {categories.data.categories.map((category) => (
                  <Chip key={category.id} value={category.id}>
                    {category.name}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )
        )}

        {products.isPending && <Loader aria-label="Loading products" />}
        {products.data && (
          <section aria-label="Products" aria-busy={products.isFetching}>
            {products.data.products.length === 0 ? (
              <EmptyCatalogue isFiltered={categoryId !== null} isAdmin={isAdmin} onAdd={() => setFormProduct(null)} />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
                {products.data.products.map((product) => (
                  <ProductCard
                    key={product.id}
                    product={product}
                    isAdmin={isAdmin}
                    onPreview={() => setPreviewProduct(product)}
                    onEdit={() => setFormProduct(product)}
                    onDelete={() => setDeletingProduct(product)}
                  />
                ))}
              </SimpleGrid>
            )}
          </section>
        )}
      </Stack>
      <ProductPreviewModal product={previewProduct} onClose={() => setPreviewProduct(null)} />
      {isAdmin && (
        <>
          <ProductFormModal opened={formProduct !== undefined} product={formProduct ?? null} categories={categories.data?.categories ?? []} onClose={() => setFormProduct(undefined)} />
          <DeleteProductModal product={deletingProduct} onClose={() => setDeletingProduct(null)} />
        </>
      )}
    </Container>
  );
}
