import { deleteProductConfirmation, PRODUCT_TEXTS, type Product } from '@myeai/domain';
import { DeleteModal } from '../../../components/ui/delete-modal.tsx';
import { useDeleteProduct } from '../api/products-api.ts';

/** The spec's confirmation before a product is deleted (it leaves the catalogue; its history stays). */
export function DeleteProductModal({ product, onClose }: { product: Product | null; onClose: () => void }) {
  return (
    <DeleteModal
      item={product}
      title="Delete product"
      message={(item) => deleteProductConfirmation(item.name)}
      detail="Its links stop working at once. Clicks, conversions and commissions already recorded are kept."
      remove={useDeleteProduct()}
      deleted={PRODUCT_TEXTS.deleted}
      failed={(error) => ({ message: `${PRODUCT_TEXTS.deleteFailed}${error.message}` })}
      onClose={onClose}
    />
  );
}
