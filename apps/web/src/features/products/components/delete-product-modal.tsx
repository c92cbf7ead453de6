import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { deleteProductConfirmation, PRODUCT_TEXTS, type Product } from '@myeai/domain';
import { useDeleteProduct } from '../api/products-api.ts';

/** The spec's confirmation before a product is deleted (it leaves the catalogue; its history stays). */
export function DeleteProductModal({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const remove = useDeleteProduct();
  const onConfirm = () => {
    if (!product) return;
    remove.mutate(product.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: PRODUCT_TEXTS.deleted });
        onClose();
      },
      onError: (error) => notifications.show({ color: 'red', message: `${PRODUCT_TEXTS.deleteFailed}${error.message}` }),
    });
  };
  return (
    <Modal opened={product !== null} onClose={onClose} title="Delete product" centered>
      {product && (
        <Stack gap="md">
          <Text>{deleteProductConfirmation(product.name)}</Text>
          <Text size="sm" c="dimmed">
            Its links stop working at once. Clicks, conversions and commissions already recorded are kept.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
