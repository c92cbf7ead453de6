import { notifications } from '@mantine/notifications';
import { deleteProductConfirmation, PRODUCT_TEXTS, type Product } from '@myeai/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
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
    <ConfirmModal
      opened={product !== null}
      title="Delete product"
      message={product ? deleteProductConfirmation(product.name) : ''}
      detail="Its links stop working at once. Clicks, conversions and commissions already recorded are kept."
      confirmLabel="Delete"
      loading={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
