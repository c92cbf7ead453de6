import { Alert, Anchor, Badge, Button, CopyButton, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatDollarsAndCents, formatRate, isSafeHttpUrl, PRODUCT_TEXTS, type Product } from '@myeai/domain';
import { absoluteLink } from '../absolute-link.ts';
import { CategoryIcon } from './category-icon.tsx';
import { ProductImage } from './product-image.tsx';

function destinationHost(link: string): string | null {
  if (!isSafeHttpUrl(link)) return null;
  return new URL(link).host;
}

/** Preview: what the product is, where the link leads, and the link itself. */
export function ProductPreviewModal({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const link = product ? absoluteLink(product.affiliate_path) : '';
  const host = product ? destinationHost(product.master_link) : null;
  return (
    <Modal opened={product !== null} onClose={onClose} title={product ? `Preview: ${product.name}` : 'Preview'} size="lg" centered>
      {product && (
        <Stack gap="md">
          <ProductImage src={product.image_url} name={product.name} />
          <Group gap="xs">
            <Badge variant="light" leftSection={<CategoryIcon name={product.category.name} size={12} />}>
              {product.category.name}
            </Badge>
          </Group>
          <Text style={{ whiteSpace: 'pre-line' }}>{product.description}</Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <Text size="sm">
              Commission: <b>{formatRate(product.commission_rate_bp)}</b>
            </Text>
            <Text size="sm">
              Price: <b>{formatDollarsAndCents(product.price_cents)}</b>
            </Text>
            <Text size="sm">
              Earnings per referral: <b>{formatDollarsAndCents(product.earnings_per_referral_cents)}</b>
            </Text>
          </SimpleGrid>
          {host ? (
            <Text size="sm">
              Your link leads visitors to{' '}
              <Anchor href={product.master_link} target="_blank" rel="noopener noreferrer" underline="always">
                {host}
              </Anchor>
              .
            </Text>
          ) : (
            <Alert color="yellow">{PRODUCT_TEXTS.noMasterLink}</Alert>
          )}
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput label="Your affiliate link" value={link} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton value={link} timeout={2000}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'filled' : 'default'} color={copied ? 'green' : undefined} onClick={copy}>
                  {copied ? 'Copied!' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
