import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconExternalLink, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDollarsAndCents, formatRate, PRODUCT_TEXTS, type Product } from '@myeai/domain';
import { LabelledFigure } from '../../../components/ui/labelled-figure.tsx';
import { useCopy } from '../../../lib/use-copy.ts';
import { absoluteLink } from '../absolute-link.ts';
import { CategoryIcon } from './category-icon.tsx';
import { ProductImage } from './product-image.tsx';

type ProductCardProps = {
  product: Product;
  isAdmin: boolean;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

export function showCopyResult(isCopied: boolean) {
  if (isCopied) notifications.show({ color: 'green', message: PRODUCT_TEXTS.linkCopied });
  else notifications.show({ color: 'red', title: 'Could not copy the link', message: 'Your browser did not allow it. Open Preview to see the link and copy it by hand.' });
}

/** One product of the Opportunity Engine with the viewer's own affiliate link and its figures. */
export function ProductCard({ product, isAdmin, onPreview, onEdit, onDelete }: ProductCardProps) {
  const { isCopied, copy } = useCopy();
  const headingId = `product-${product.id}-name`;
  const onCopy = async () => showCopyResult(await copy(absoluteLink(product.affiliate_path)));

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Card.Section>
        <ProductImage src={product.image_url} name={product.name} />
      </Card.Section>
      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs">
          <Badge variant="light" leftSection={<CategoryIcon name={product.category.name} size={12} />}>
            {product.category.name}
          </Badge>
          {!product.is_active && (
            <Badge color="gray" variant="outline">
              Inactive
            </Badge>
          )}
        </Group>
        <div>
          <Title order={3} size="h4" id={headingId}>
            {product.name}
          </Title>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {product.description}
          </Text>
        </div>
        <SimpleGrid cols={3} spacing="xs">
          <LabelledFigure label="Commission" value={formatRate(product.commission_rate_bp)} />
          <LabelledFigure label="Price" value={formatDollarsAndCents(product.price_cents)} />
          <LabelledFigure label="Per referral" value={formatDollarsAndCents(product.earnings_per_referral_cents)} />
        </SimpleGrid>
        <div>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            Your link
          </Text>
          <Group gap="md" mt={2}>
            <Text size="sm" data-testid="stat-clicks">
              <b>{product.stats.clicks}</b> {product.stats.clicks === 1 ? 'click' : 'clicks'}
            </Text>
            <Text size="sm" data-testid="stat-visitors">
              <b>{product.stats.unique_visitors}</b> unique {product.stats.unique_visitors === 1 ? 'visitor' : 'visitors'}
            </Text>
            <Text size="sm" data-testid="stat-conversions">
              <b>{product.stats.conversions}</b> {product.stats.conversions === 1 ? 'conversion' : 'conversions'}
            </Text>
          </Group>
        </div>
        <Stack gap="xs" mt="auto">
          <Button fullWidth leftSection={isCopied ? <IconCheck size={16} /> : <IconCopy size={16} />} color={isCopied ? 'green' : undefined} onClick={() => void onCopy()}>
            {isCopied ? 'Copied!' : 'Copy Affiliate Link'}
          </Button>
          <Group grow gap="xs">
            <Button variant="default" component="a" href={product.affiliate_path} target="_blank" rel="noopener" leftSection={<IconExternalLink size={16} />}>
              Test Link
            </Button>
            <Button variant="default" onClick={onPreview} leftSection={<IconEye size={16} />}>
              Preview
            </Button>
          </Group>
          {isAdmin && (
            <Group grow gap="xs">
              <Button variant="light" onClick={onEdit} leftSection={<IconPencil size={16} />}>
                Edit
              </Button>
              <Button variant="light" color="red" onClick={onDelete} leftSection={<IconTrash size={16} />}>
                Delete
              </Button>
            </Group>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
