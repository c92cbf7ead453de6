import { Divider, Modal, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  basisPointsToPercentInput,
  centsToDollarText,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_TEXTS,
  ProductFormSchema,
  URL_MAX,
  type Product,
  type ProductCategory,
  type ProductFormValues,
} from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useCreateProduct, useUpdateProduct } from '../api/products-api.ts';
import { CategoryField } from './category-field.tsx';
import { ConversionSecretPanel } from './conversion-secret-panel.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

const EMPTY_FORM: ProductFormValues = {
  name: '',
  description: '',
  category_id: '',
  price: '',
  commission: '',
  master_link: '',
  image_url: '',
  is_active: true,
};

function formOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    category_id: product.category.id,
    price: centsToDollarText(product.price_cents),
    commission: basisPointsToPercentInput(product.commission_rate_bp),
    master_link: product.master_link,
    image_url: product.image_url ?? '',
    is_active: product.is_active,
  };
}

/** API field names to the dialog's fields, for the server's per-field messages. */
const FIELD_OF_PATH = { price_cents: 'price', commission_rate_bp: 'commission' };

type ProductFormProps = { product: Product | null; categories: ProductCategory[]; onClose: () => void };

function ProductForm({ product, categories, onClose }: ProductFormProps) {
  const form = useDomainForm(ProductFormSchema, product ? formOf(product) : EMPTY_FORM, { fieldOfPath: FIELD_OF_PATH });
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const isPending = create.isPending || update.isPending;

  const onSubmit = form.onSubmit((input) => {
    const done = (message: string) => () => {
      notifications.show({ color: 'green', message });
      onClose();
    };
    const failed = (prefix: string) => (error: Error) => {
      form.setServerErrors(error);
      notifications.show({ color: 'red', message: `${prefix}${error.message}` });
    };
    if (product) update.mutate({ id: product.id, input }, { onSuccess: done(PRODUCT_TEXTS.updated), onError: failed(PRODUCT_TEXTS.updateFailed) });
    else create.mutate(input, { onSuccess: done(PRODUCT_TEXTS.created), onError: failed(PRODUCT_TEXTS.createFailed) });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={product ? 'Edit product' : 'Add product'}>
      <Stack gap="md">
        <TextInput label="Name" required maxLength={PRODUCT_NAME_MAX} {...form.getInputProps('name')} />
        <Textarea label="Description" required autosize minRows={3} maxLength={PRODUCT_DESCRIPTION_MAX} {...form.getInputProps('description')} />
        <CategoryField categories={categories} value={form.values.category_id} error={form.errors.category_id} onChange={(id) => form.setFieldValue('category_id', id)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Price (USD)" required inputMode="decimal" leftSection="$" placeholder="0.00" description="Up to 2 decimals" {...form.getInputProps('price')} />
          <TextInput label="Commission (%)" required inputMode="decimal" rightSection="%" placeholder="0" description="0 to 100, step 0.1" {...form.getInputProps('commission')} />
        </SimpleGrid>
        <TextInput label="Master link" required type="url" placeholder="https://" maxLength={URL_MAX} description="Where affiliate links lead: must start with http:// or https://" {...form.getInputProps('master_link')} />
        <TextInput label="Image URL" type="url" placeholder="https:// (optional)" maxLength={URL_MAX} {...form.getInputProps('image_url')} />
        <Switch label="Active (shown in the catalogue, links work)" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        {product && (
          <>
            <Divider />
            <ConversionSecretPanel productId={product.id} />
          </>
        )}
        <FormActions saving={isPending} onCancel={onClose}>
          {product ? 'Save Product' : 'Add Product'}
        </FormActions>
      </Stack>
    </form>
  );
}

type ProductFormModalProps = { opened: boolean; product: Product | null; categories: ProductCategory[]; onClose: () => void };

/** Admin add and edit dialogs with the product form rules and messages of spec 2. */
export function ProductFormModal({ opened, product, categories, onClose }: ProductFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={product ? 'Edit product' : 'Add product'} size="lg" centered>
      {opened && <ProductForm key={product?.id ?? 'new'} product={product} categories={categories} onClose={onClose} />}
    </Modal>
  );
}
